import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const deleteService = (id: number) => api<MessageResponse>(`/service/${id}`, { method: 'DELETE' });

/** The delete cascades to the service's company links, which every company detail lists. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (_data, id) => applyCacheEffect(queryClient, serviceInvalidation.deleted(id)),
  });
}
