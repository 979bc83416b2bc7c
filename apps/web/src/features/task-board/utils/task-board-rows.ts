import { daysUntil } from '@app/shared/due-dates';
import {
  TASK_NOT_APPLICABLE,
  TASK_STATES,
  type Task,
  type TaskBoard,
  type TaskBoardRow,
  type TaskCell,
} from '@app/shared/schemas/tasks';
import { isTaskOverdue } from '@app/shared/task-board';
import { DUE_SOON_DAYS } from '../../../components/board/due-marks';
import { filterBusinesses } from '../../../lib/business-filter';

/** What a badge says: its value when it has one, else its state. */
export const taskCellLabel = (cell: Pick<TaskCell, 'state' | 'value'>) => cell.value || cell.state;

/**
 * The rows the table shows: those of the chosen group, then those whose name or RUT holds the
 * search (accents, case, dots and dash ignored).
 */
export const filterTaskRows = (
  rows: readonly TaskBoardRow[],
  search: string,
  groupIds: ReadonlySet<number> | null,
): TaskBoardRow[] => filterBusinesses(rows, search, groupIds, (row) => row);

/** A row's cell of a task: the cells follow the tasks' order, so the column index finds it at once. */
export function taskCellAt(row: TaskBoardRow, column: number, taskId: number): TaskCell | undefined {
  const cell = row.taskStates[column];
  return cell?.taskId === taskId ? cell : row.taskStates.find((candidate) => candidate.taskId === taskId);
}

/** Each task's due date in the shown month, as the server sent it with the board (`dueDates`). */
export function dueDatesByTask(dueDates: TaskBoard['dueDates'] | undefined): ReadonlyMap<number, string> {
  return new Map((dueDates ?? []).map((entry) => [entry.taskId, entry.dueDate]));
}

/**
 * Which (task, state) cells of the shown month are overdue on the board's `today` ('YYYY-MM-DD' in
 * America/Santiago, `isTaskOverdue`): worked out once per task and state, so that thousands of cells
 * only look it up.
 */
export function overdueCells(
  tasks: readonly Task[],
  dueDates: ReadonlyMap<number, string>,
  today: string,
): ReadonlySet<string> {
  const overdue = new Set<string>();
  for (const task of tasks) {
    const dueDate = dueDates.get(task.id) ?? null;
    for (const state of [...TASK_STATES, TASK_NOT_APPLICABLE] as const) {
      if (isTaskOverdue({ state }, dueDate, today)) overdue.add(`${task.id}:${state}`);
    }
  }
  return overdue;
}

/**
 * The tasks of the shown month due within the next few days (DUE_SOON_DAYS, today included) on the
 * board's `today`: their unfinished cells are marked more softly than overdue ones.
 */
export function dueSoonTasks(
  tasks: readonly Task[],
  dueDates: ReadonlyMap<number, string>,
  today: string,
): ReadonlySet<number> {
  const soon = new Set<number>();
  for (const task of tasks) {
    const dueDate = dueDates.get(task.id);
    if (dueDate === undefined || !today) continue;
    const days = daysUntil(dueDate, today);
    if (days >= 0 && days <= DUE_SOON_DAYS) soon.add(task.id);
  }
  return soon;
}

/** The tasks (columns) shown: those `responsible` is responsible for, or all of them (null, or nobody's). */
export function tasksOf(tasks: Task[], responsible: number | null): Task[] {
  if (responsible === null) return tasks;
  const theirs = tasks.filter((task) => task.responsableCollaborator.id === responsible);
  return theirs.length ? theirs : tasks;
}

/**
 * The rows with at least one overdue cell among the shown tasks (`overdue` from overdueCells), or
 * undefined when the filter is off.
 */
export function taskNarrow(
  tasks: readonly Task[],
  overdue: ReadonlySet<string>,
  onlyOverdue: boolean,
): ((rows: readonly TaskBoardRow[]) => TaskBoardRow[]) | undefined {
  if (!onlyOverdue) return undefined;
  return (rows) =>
    rows.filter((row) =>
      tasks.some((task, column) => {
        const cell = taskCellAt(row, column, task.id);
        return cell !== undefined && overdue.has(`${task.id}:${cell.state}`);
      }),
    );
}
