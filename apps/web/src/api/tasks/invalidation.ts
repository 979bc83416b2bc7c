import type { CacheEffect } from '../../lib/cache-effect';
import { taskDetailsQueryKey, taskQueryKey } from './get-task';
import { tasksQueryKey } from './get-tasks';
import { taskBoardRootQueryKey } from './task-board-query-key';

/**
 * What each change to a task or to its companies touches in the cache. Every month of the task
 * board is among them: its columns and its N/A cells come from the tasks and their companies.
 */
export const taskInvalidation = {
  /** Created, or edited (its detail too when given): the list and the board. */
  written: (taskId?: number): CacheEffect => ({
    invalidate: [tasksQueryKey, ...(taskId === undefined ? [] : [taskQueryKey(taskId)]), taskBoardRootQueryKey],
  }),
  /** Its business_in_task, task_states and task_state_history rows go with it (ON DELETE CASCADE). */
  deleted: (taskId: number): CacheEffect => ({
    remove: [taskQueryKey(taskId)],
    invalidate: [tasksQueryKey, taskBoardRootQueryKey],
  }),
  /** A task's companies changed (the detail takes the answer as is): the board's N/A cells follow them. */
  businessesChanged: (): CacheEffect => ({ invalidate: [taskBoardRootQueryKey] }),
  /** A company's business_in_task, task_states and task_state_history rows went with it (ON DELETE CASCADE). */
  businessDeleted: (): CacheEffect => ({ invalidate: [taskDetailsQueryKey, taskBoardRootQueryKey] }),
};
