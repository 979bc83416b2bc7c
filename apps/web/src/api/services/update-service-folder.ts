import type { ServiceFolderResponse, ServiceFolderUpdate } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const updateServiceFolder = ({
  serviceId,
  id,
  ...body
}: ServiceFolderUpdate & { serviceId: number; id: number }) =>
  api<ServiceFolderResponse>(`/service/${serviceId}/folder/${id}`, { method: 'PUT', body });

export const useUpdateServiceFolder = () =>
  useInvalidatingMutation(updateServiceFolder, (_data, { serviceId }) => serviceInvalidation.detailChanged(serviceId));
