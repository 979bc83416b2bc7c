import type { ServiceFolderCreate, ServiceFolderResponse } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

/** A top-level folder, or a subfolder when parentFolderId is set. */
export const createServiceFolder = ({ serviceId, ...body }: ServiceFolderCreate & { serviceId: number }) =>
  api<ServiceFolderResponse>(`/service/${serviceId}/folder`, { method: 'POST', body });

export const useCreateServiceFolder = () =>
  useInvalidatingMutation(createServiceFolder, (_data, { serviceId }) => serviceInvalidation.detailChanged(serviceId));
