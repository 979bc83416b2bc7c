import { type TaskCellChange, TaskCellChangeSchema, taskBoardEventName } from '@app/shared/schemas/tasks';
import { api } from '../../lib/api-client';
import { boardCells, useCellChange } from '../../lib/board/board-cells';
import { taskBoardQueryKey } from './get-task-board';
import { type TaskStateChange, taskCellRules } from './task-board-cells';
import { taskBoardRootQueryKey } from './task-board-query-key';

export const updateTaskState = ({ year, month, businessId, taskId, state, value }: TaskStateChange) =>
  api<TaskCellChange & { message: string }>(
    `/business-task-states/year/${year}/month/${month}/businessId/${businessId}/taskId/${taskId}`,
    { method: 'PUT', body: value?.trim() ? { state, value } : { state } },
  );

/** The task board for the board kit: its cell rules, its keys and its live event 'update task state M/YYYY'. */
export const taskCells = boardCells(
  taskCellRules,
  { root: taskBoardRootQueryKey, queryKey: taskBoardQueryKey },
  { eventName: taskBoardEventName, answerSchema: TaskCellChangeSchema },
);

/**
 * Changes a cell: shown at once, then replaced by the server's cell; when refused the
 * cell goes back to what it was and the server's message shows in a toast 'Ocurrió un error!'.
 */
export const useUpdateTaskState = () => useCellChange(taskCells, updateTaskState);
