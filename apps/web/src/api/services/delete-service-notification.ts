import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const deleteServiceNotification = ({ serviceId, id }: { serviceId: number; id: number }) =>
  api<MessageResponse>(`/service/${serviceId}/notification/${id}`, { method: 'DELETE' });

export function useDeleteServiceNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceNotification,
    onSuccess: (_data, { serviceId }) => applyCacheEffect(queryClient, serviceInvalidation.detailChanged(serviceId)),
  });
}
