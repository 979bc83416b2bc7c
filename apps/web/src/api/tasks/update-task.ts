import type { TaskWrite } from '@app/shared/schemas/tasks';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { taskInvalidation } from './invalidation';
import type { TaskResponse } from './responses';

/** Name, responsible, due day and 'Mostrar en el resumen'; the task's companies stay as they are. */
export const updateTask = ({ id, ...body }: TaskWrite & { id: number }) =>
  api<TaskResponse>(`/task/${id}`, { method: 'PUT', body });

export const useUpdateTask = () => useInvalidatingMutation(updateTask, ({ task }) => taskInvalidation.written(task.id));
