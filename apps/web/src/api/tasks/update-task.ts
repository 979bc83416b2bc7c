import type { TaskWrite } from '@app/shared/schemas/tasks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { taskInvalidation } from './invalidation';
import type { TaskResponse } from './responses';

/** Name, responsible, due day and 'Mostrar en el resumen'; the task's companies stay as they are. */
export const updateTask = ({ id, ...body }: TaskWrite & { id: number }) =>
  api<TaskResponse>(`/task/${id}`, { method: 'PUT', body });

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTask,
    onSuccess: ({ task }) => applyCacheEffect(queryClient, taskInvalidation.written(task.id)),
  });
}
