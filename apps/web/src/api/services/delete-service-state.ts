import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const deleteServiceState = ({ serviceId, id }: { serviceId: number; id: number }) =>
  api<MessageResponse>(`/service/${serviceId}/state/${id}`, { method: 'DELETE' });

export function useDeleteServiceState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceState,
    onSuccess: () => applyCacheEffect(queryClient, serviceInvalidation.stateDeleted()),
  });
}
