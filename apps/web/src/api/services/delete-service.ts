import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const deleteService = (id: number) => api<MessageResponse>(`/service/${id}`, { method: 'DELETE' });

/** The delete cascades to the service's company links, which every company detail lists. */
export const useDeleteService = () =>
  useInvalidatingMutation(deleteService, (_data, id) => serviceInvalidation.deleted(id));
