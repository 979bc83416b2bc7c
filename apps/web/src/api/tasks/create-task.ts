import type { TaskWrite } from '@app/shared/schemas/tasks';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { taskInvalidation } from './invalidation';
import type { TaskResponse } from './responses';

export const createTask = (body: TaskWrite) => api<TaskResponse>('/task', { method: 'POST', body });

export const useCreateTask = () => useInvalidatingMutation(createTask, () => taskInvalidation.written());
