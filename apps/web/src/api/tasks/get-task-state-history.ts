import type { TaskHistoryEntry } from '@app/shared/schemas/tasks';
import { cellHistory, useCellHistory } from '../../lib/board/cell-history';
import { taskBoardQueryKey } from './get-task-board';

/** GET /api/business-task-states/history: a company's cell of one task in a month, its changes newest first. */
const taskStateHistory = cellHistory<
  Parameters<typeof taskBoardQueryKey>[0] & { businessId: number; taskId: number },
  TaskHistoryEntry
>('/business-task-states/history', taskBoardQueryKey, (cell) => cell.taskId);

export const useTaskStateHistory = (cell: Parameters<typeof taskStateHistory.queryKey>[0] | null) =>
  useCellHistory(taskStateHistory, cell);
