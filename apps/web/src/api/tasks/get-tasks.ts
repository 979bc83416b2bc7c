import type { Task } from '@app/shared/schemas/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every task query: the list and each detail. */
export const tasksRootQueryKey = ['tasks'] as const;

/** The tasks list (Tareas), sorted by name by the server. */
export const tasksQueryKey = [...tasksRootQueryKey, 'list'] as const;

export const getTasks = () => api<Task[]>('/task');

export const tasksQueryOptions = () => queryOptions({ queryKey: tasksQueryKey, queryFn: getTasks });

export const useTasks = () => useQuery(tasksQueryOptions());
