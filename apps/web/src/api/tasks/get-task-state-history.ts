import type { Period } from '@app/shared/period';
import type { TaskHistoryResponse } from '@app/shared/schemas/tasks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { taskBoardQueryKey } from './get-task-board';

export interface TaskHistoryCell extends Period {
  businessId: number;
  taskId: number;
}

/** A cell's changes; under the month's board key, so anything that refreshes a board refreshes them too. */
export const taskStateHistoryQueryKey = ({ year, month, businessId, taskId }: TaskHistoryCell) =>
  [...taskBoardQueryKey({ year, month }), 'history', businessId, taskId] as const;

export const getTaskStateHistory = (cell: TaskHistoryCell) =>
  api<TaskHistoryResponse>('/business-task-states/history', { params: { ...cell } }).then((answer) => answer.rows);

/** Fetched when the history modal opens; always fresh (another user may have just changed the cell). */
export const taskStateHistoryQueryOptions = (cell: TaskHistoryCell) =>
  queryOptions({ queryKey: taskStateHistoryQueryKey(cell), queryFn: () => getTaskStateHistory(cell), staleTime: 0 });

export const useTaskStateHistory = (cell: TaskHistoryCell | null) =>
  useQuery({
    ...taskStateHistoryQueryOptions(cell ?? { year: 0, month: 0, businessId: 0, taskId: 0 }),
    enabled: cell !== null,
  });
