import type { QueryClient } from '@tanstack/react-query';
import { taskQueryKey } from './get-task';
import { tasksQueryKey } from './get-tasks';
import { taskBoardRootQueryKey } from './task-board-query-key';

/** Every month of the task board: its columns and its N/A cells come from the tasks and their companies. */
export const invalidateTaskBoard = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: taskBoardRootQueryKey });

/** After a task is created, edited or deleted: the list, its detail (when given) and the board. */
export const invalidateTaskViews = (queryClient: QueryClient, taskId?: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: tasksQueryKey }),
    taskId === undefined ? undefined : queryClient.invalidateQueries({ queryKey: taskQueryKey(taskId) }),
    invalidateTaskBoard(queryClient),
  ]);
