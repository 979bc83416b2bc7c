import type { Period } from '@app/shared/period';
import type { TaskBoard, TaskCell, TaskCellChange, TaskState } from '@app/shared/schemas/tasks';
import type { CellRules } from '../../lib/board/cell-rules';

/** A change of a cell as the board asks for it: the PUT's path and body. */
export interface TaskStateChange extends Period {
  businessId: number;
  taskId: number;
  state: TaskState;
  /** Free text (at most 100 characters); empty or absent clears it. */
  value?: string | null;
}

export const findTaskCell = (board: TaskBoard | undefined, businessId: number, taskId: number) =>
  board?.rows.find((row) => row.id === businessId)?.taskStates.find((cell) => cell.taskId === taskId);

/**
 * The board with one cell changed; the other rows keep their identity (their memoised views do not
 * render again). Unknown companies or tasks leave the board as it is.
 */
export function withTaskCell(
  board: TaskBoard,
  businessId: number,
  taskId: number,
  patch: Partial<TaskCell>,
): TaskBoard {
  const index = board.rows.findIndex((row) => row.id === businessId);
  const row = board.rows[index];
  if (!row?.taskStates.some((cell) => cell.taskId === taskId)) return board;
  const rows = board.rows.slice();
  rows[index] = {
    ...row,
    taskStates: row.taskStates.map((cell) => (cell.taskId === taskId ? { ...cell, ...patch, taskId } : cell)),
  };
  return { ...board, rows };
}

/** The board with a cell as the server sent it (a saved change, a live event); another month's change is ignored. */
export function applyTaskCellChange(board: TaskBoard, change: TaskCellChange): TaskBoard {
  if (board.year !== change.year || board.month !== change.month) return board;
  return withTaskCell(board, change.businessId, change.cell.taskId, change.cell);
}

/** What a change shows at once, before the server answers (the server trims the value, empty is none). */
export const optimisticTaskCell = (change: TaskStateChange): Pick<TaskCell, 'state' | 'value'> => ({
  state: change.state,
  value: change.value?.trim() || null,
});

/** How a month of the task board changes, cell by cell (a company × task). */
export const taskCellRules: CellRules<TaskBoard, TaskCell, TaskStateChange, TaskCellChange> = {
  columnOf: (change) => change.taskId,
  findCell: findTaskCell,
  withCell: withTaskCell,
  guess: optimisticTaskCell,
  applyAnswer: applyTaskCellChange,
};
