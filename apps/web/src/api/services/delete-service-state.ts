import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const deleteServiceState = ({ serviceId, id }: { serviceId: number; id: number }) =>
  api<MessageResponse>(`/service/${serviceId}/state/${id}`, { method: 'DELETE' });

export const useDeleteServiceState = () =>
  useInvalidatingMutation(deleteServiceState, () => serviceInvalidation.stateDeleted());
