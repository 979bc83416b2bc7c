import type { Period } from '@app/shared/period';
import {
  TASK_NOT_APPLICABLE,
  TASK_STATES,
  type Task,
  type TaskBoard,
  type TaskBoardRow,
  type TaskCell,
  type TaskCellChange,
  type TaskCellState,
  type TaskState,
} from '@app/shared/schemas/tasks';
import { isOverdue } from '@app/shared/task-board';
import { filterCompanies } from '../../../lib/company-filter';

/** A cell's colour (spec 2 §3): the palette's red, yellow and green; 'N/A' has none (grey). */
export const TASK_STATE_COLORS: Record<TaskCellState, string | undefined> = {
  'No comenzado': '#E74C3C',
  'En proceso': '#F1C40F',
  Terminado: '#2ECC71',
  [TASK_NOT_APPLICABLE]: undefined,
};

/** 'businessId:taskId': names a cell (its open menu, its pending save). */
export const taskCellKey = (businessId: number, taskId: number) => `${businessId}:${taskId}`;

/** What a badge says (spec 2 §4): its value when it has one, else its state. */
export const taskCellLabel = (cell: Pick<TaskCell, 'state' | 'value'>) => cell.value || cell.state;

/**
 * The rows the table shows: those of the chosen group, then those whose name or RUT holds the
 * search (accents, case, dots and dash ignored).
 */
export const filterTaskRows = (
  rows: readonly TaskBoardRow[],
  search: string,
  groupIds: ReadonlySet<number> | null,
): TaskBoardRow[] => filterCompanies(rows, search, groupIds, (row) => row);

/** A row's cell of a task: the cells follow the tasks' order, so the column index finds it at once. */
export function taskCellAt(row: TaskBoardRow, column: number, taskId: number): TaskCell | undefined {
  const cell = row.taskStates[column];
  return cell?.taskId === taskId ? cell : row.taskStates.find((candidate) => candidate.taskId === taskId);
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

/**
 * Which (task, state) cells of the shown month are overdue right now (DESIGN.md §4, `isOverdue`):
 * worked out once per task and state, so that thousands of cells only look it up.
 */
export function overdueCells(tasks: readonly Task[], period: Period, now = new Date()): ReadonlySet<string> {
  const overdue = new Set<string>();
  for (const task of tasks) {
    for (const state of [...TASK_STATES, TASK_NOT_APPLICABLE] as const) {
      if (isOverdue({ state }, task, period, now)) overdue.add(`${task.id}:${state}`);
    }
  }
  return overdue;
}

/** A change of a cell as this page asks for it: the PUT's path and body. */
export interface TaskStateChange extends Period {
  businessId: number;
  taskId: number;
  state: TaskState;
  /** Free text (at most 100 characters); empty or absent clears it. */
  value?: string | null;
}

/** What a change shows at once, before the server answers (the server trims the value, empty is none). */
export const optimisticTaskCell = (change: TaskStateChange): Pick<TaskCell, 'state' | 'value'> => ({
  state: change.state,
  value: change.value?.trim() || null,
});

/**
 * A cell from the server (the PUT's answer or a live event) applied to the board, with this user's
 * changes still being saved (`pending`) shown on top: an older answer must not undo them on screen.
 */
export function applyServerTaskChange(
  board: TaskBoard,
  change: TaskCellChange,
  pending: readonly TaskStateChange[],
): TaskBoard {
  let next = applyTaskCellChange(board, change);
  for (const waiting of pending) {
    if (waiting.year === board.year && waiting.month === board.month && waiting.businessId === change.businessId) {
      next = withTaskCell(next, waiting.businessId, waiting.taskId, optimisticTaskCell(waiting));
    }
  }
  return next;
}
