import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const deleteServiceNotification = ({ serviceId, id }: { serviceId: number; id: number }) =>
  api<MessageResponse>(`/service/${serviceId}/notification/${id}`, { method: 'DELETE' });

export const useDeleteServiceNotification = () =>
  useInvalidatingMutation(deleteServiceNotification, (_data, { serviceId }) =>
    serviceInvalidation.detailChanged(serviceId),
  );
