import type { TaskWrite } from '@app/shared/schemas/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { taskInvalidation } from './invalidation';
import type { TaskResponse } from './responses';

export const createTask = (body: TaskWrite) => api<TaskResponse>('/task', { method: 'POST', body });

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTask,
    onSuccess: () => applyCacheEffect(queryClient, taskInvalidation.written()),
  });
}
