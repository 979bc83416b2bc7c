import type { ServiceResponse, ServiceUpdate } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const updateService = ({ id, ...body }: ServiceUpdate & { id: number }) =>
  api<ServiceResponse>(`/service/${id}`, { method: 'PUT', body });

/** The service's name also shows in every company detail. */
export const useUpdateService = () => useInvalidatingMutation(updateService, () => serviceInvalidation.written());
