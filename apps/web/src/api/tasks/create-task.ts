import type { TaskWrite } from '@app/shared/schemas/tasks';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { taskInvalidation } from './invalidation';
import type { TaskResponse } from './responses';

export const createTask = submissionOf((body: TaskWrite, idempotencyKey: string) =>
  api<TaskResponse>('/task', { method: 'POST', body, idempotencyKey }),
);

export const useCreateTask = () => useInvalidatingMutation(createTask, () => taskInvalidation.written());
