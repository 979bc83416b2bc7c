import type { BusinessInTask, TaskDetail } from '@app/shared/schemas/tasks';
import type { QueryClient } from '@tanstack/react-query';
import { applyCacheEffect } from '../../lib/cache-effect';
import { taskQueryKey } from './get-task';
import { taskInvalidation } from './invalidation';

/**
 * After a change to a task's companies: the task detail takes the new list at once (the answers
 * carry it), and the task board, whose N/A cells follow the companies, reloads.
 */
export function setTaskBusinesses(
  queryClient: QueryClient,
  taskId: number,
  update: (current: BusinessInTask[]) => BusinessInTask[],
) {
  queryClient.setQueryData<TaskDetail>(taskQueryKey(taskId), (task) =>
    task ? { ...task, businessInTask: update(task.businessInTask) } : task,
  );
  return applyCacheEffect(queryClient, taskInvalidation.businessesChanged());
}

/** The list with `row` in place of the company's previous entry (or added when it had none). */
export const withBusiness = (rows: BusinessInTask[], row: BusinessInTask) => [
  ...rows.filter((current) => current.businessId !== row.businessId),
  row,
];
