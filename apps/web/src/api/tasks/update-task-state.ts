import {
  type TaskBoard,
  type TaskCell,
  type TaskCellChange,
  TaskCellChangeSchema,
  taskBoardEventName,
} from '@app/shared/schemas/tasks';
import { api } from '../../lib/api-client';
import { type BoardCells, useCellChange } from '../../lib/board/board-cells';
import { taskBoardQueryKey } from './get-task-board';
import { type TaskStateChange, taskCellRules } from './task-board-cells';
import { taskBoardRootQueryKey } from './task-board-query-key';

export const updateTaskState = ({ year, month, businessId, taskId, state, value }: TaskStateChange) =>
  api<TaskCellChange & { message: string }>(
    `/business-task-states/year/${year}/month/${month}/businessId/${businessId}/taskId/${taskId}`,
    { method: 'PUT', body: value?.trim() ? { state, value } : { state } },
  );

/** The task board for the board kit: its cell rules, its keys and its live event 'update task state M/YYYY'. */
export const taskCells: BoardCells<TaskBoard, TaskCell, TaskStateChange, TaskCellChange> = {
  ...taskCellRules,
  queryKey: taskBoardQueryKey,
  // Names the pending changes, so the cells being saved can show it (useMutationState).
  mutationKey: [...taskBoardRootQueryKey, 'update-state'],
  eventName: taskBoardEventName,
  answerSchema: TaskCellChangeSchema,
};

/**
 * Changes a cell (spec 2 §4): shown at once, then replaced by the server's cell; when refused the
 * cell goes back to what it was and the server's message shows in a toast 'Ocurrió un error!'.
 */
export const useUpdateTaskState = () => useCellChange(taskCells, updateTaskState);
