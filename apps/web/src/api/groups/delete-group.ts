import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { groupInvalidation } from './invalidation';

export const deleteGroup = (id: number) => api<MessageResponse>(`/business-group/${id}`, { method: 'DELETE' });

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, id) => applyCacheEffect(queryClient, groupInvalidation.deleted(id)),
  });
}
