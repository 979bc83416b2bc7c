import type { TaskDetailResponse } from '@app/shared/schemas/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { tasksRootQueryKey } from './get-tasks';

/** Every task detail: a company deleted leaves every task, so it refreshes them all. */
export const taskDetailsQueryKey = [...tasksRootQueryKey, 'detail'] as const;

/** One task with its companies (businessInTask). */
export const taskQueryKey = (taskId: number) => [...taskDetailsQueryKey, taskId] as const;

export const getTask = async (taskId: number) => (await api<TaskDetailResponse>(`/task/${taskId}`)).task;

export const taskQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: taskQueryKey(taskId), queryFn: () => getTask(taskId) });

export const useTask = (taskId: number) => useQuery(taskQueryOptions(taskId));
