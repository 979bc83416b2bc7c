import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { taskInvalidation } from './invalidation';

/** Deletes the task, its companies and its states of every month. */
export const deleteTask = (id: number) => api<MessageResponse>(`/task/${id}`, { method: 'DELETE' });

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTask,
    onSuccess: (_data, id) => applyCacheEffect(queryClient, taskInvalidation.deleted(id)),
  });
}
