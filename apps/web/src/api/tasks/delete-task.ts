import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { taskInvalidation } from './invalidation';

/** Deletes the task, its companies and its states of every month. */
export const deleteTask = (id: number) => api<MessageResponse>(`/task/${id}`, { method: 'DELETE' });

export const useDeleteTask = () => useInvalidatingMutation(deleteTask, (_data, id) => taskInvalidation.deleted(id));
