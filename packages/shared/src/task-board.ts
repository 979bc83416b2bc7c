import { isOverdue } from './due-dates.ts';
import {
  TASK_NOT_APPLICABLE,
  TASK_STATE_DONE,
  type Task,
  type TaskBoardRow,
  type TaskCellState,
  type TaskSummary,
} from './schemas/tasks.ts';

/** A cell's colour: the palette's red, yellow and green; 'N/A' has none (grey). The board and its Excel export. */
export const TASK_STATE_COLORS: Record<TaskCellState, string | undefined> = {
  'No comenzado': '#E74C3C',
  'En proceso': '#F1C40F',
  Terminado: '#2ECC71',
  [TASK_NOT_APPLICABLE]: undefined,
};

/**
 * A summary card's percent: the share of applicable cells that are 'Terminado',
 * truncated; null when no company is applicable (0 / 0: nothing to measure, shown empty, not as
 * done: a filter or group that leaves none must not look like finished work).
 */
export function summaryPercent(rows: readonly TaskBoardRow[], taskId: number): number | null {
  let applicable = 0;
  let done = 0;
  for (const row of rows) {
    const cell = row.taskStates.find((candidate) => candidate.taskId === taskId);
    if (!cell || cell.state === TASK_NOT_APPLICABLE) continue;
    applicable++;
    if (cell.state === TASK_STATE_DONE) done++;
  }
  return applicable === 0 ? null : Math.trunc((done * 100) / applicable);
}

export function summaryOf(tasks: readonly Task[], rows: readonly TaskBoardRow[]): TaskSummary[] {
  return tasks
    .filter((task) => task.showInSummary)
    .map((task) => ({ taskId: task.id, percent: summaryPercent(rows, task.id) }));
}

/** Summary card colour: green at 100 or more, yellow above 0, red at 0; grey with no company. */
export function summaryColor(percent: number | null): 'green' | 'yellow' | 'red' | 'gray' {
  if (percent === null) return 'gray';
  if (percent >= 100) return 'green';
  return percent > 0 ? 'yellow' : 'red';
}

/**
 * A task cell is late (the monthly board's and the morning digest's rule) in any period when
 * `today` ('YYYY-MM-DD' in America/Santiago) is after its task's due date in that period and it
 * applies and is not 'Terminado'. The due date is the one every board uses (`dueDateOf`: the
 * task's expiration day in the month after the period, moved past weekends and Chile's holidays),
 * worked out on the server, which alone knows the holidays, and sent with the board. A period's
 * tasks fall due in the month after it, so this holds in any period, not only the current one.
 */
export function isTaskOverdue(cell: { readonly state: string }, dueDate: string | null, today: string): boolean {
  if (cell.state === TASK_NOT_APPLICABLE) return false;
  return isOverdue(dueDate, today, cell.state === TASK_STATE_DONE);
}
