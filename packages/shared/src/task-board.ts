import dayjs from 'dayjs';
import type { Period } from './period.ts';
import {
  TASK_NOT_APPLICABLE,
  TASK_STATE_DONE,
  type Task,
  type TaskBoardRow,
  type TaskCellState,
  type TaskSummary,
} from './schemas/tasks.ts';

/** A cell's colour (spec 2 §3): the palette's red, yellow and green; 'N/A' has none (grey). The board and its Excel export. */
export const TASK_STATE_COLORS: Record<TaskCellState, string | undefined> = {
  'No comenzado': '#E74C3C',
  'En proceso': '#F1C40F',
  Terminado: '#2ECC71',
  [TASK_NOT_APPLICABLE]: undefined,
};

/**
 * A summary card's percent (spec 2 §4): the share of applicable cells that are 'Terminado',
 * truncated; 100 when no company is applicable.
 */
export function summaryPercent(rows: readonly TaskBoardRow[], taskId: number): number {
  let applicable = 0;
  let done = 0;
  for (const row of rows) {
    const cell = row.taskStates.find((candidate) => candidate.taskId === taskId);
    if (!cell || cell.state === TASK_NOT_APPLICABLE) continue;
    applicable++;
    if (cell.state === TASK_STATE_DONE) done++;
  }
  return applicable === 0 ? 100 : Math.trunc((done * 100) / applicable);
}

export function summaryOf(tasks: readonly Task[], rows: readonly TaskBoardRow[]): TaskSummary[] {
  return tasks
    .filter((task) => task.showInSummary)
    .map((task) => ({ taskId: task.id, percent: summaryPercent(rows, task.id) }));
}

/** Summary card colour (spec 2 §4): green at 100 or more, yellow above 0, red at 0. */
export function summaryColor(percent: number): 'green' | 'yellow' | 'red' {
  if (percent >= 100) return 'green';
  return percent > 0 ? 'yellow' : 'red';
}

/**
 * The day a period's task falls due: its expirationDate in the month after the period (the work
 * of October is done in November, as the firm's tax deadlines are), or that month's last day when
 * it is shorter.
 */
export function taskDueDate(period: Period, expirationDate: number): string {
  const next = dayjs.utc(`${period.year}-${String(period.month).padStart(2, '0')}-01`).add(1, 'month');
  return next.date(Math.min(expirationDate, next.daysInMonth())).format('YYYY-MM-DD');
}

/**
 * A task cell is late (issue 21, the monthly board's and the morning digest's rule) in any period
 * when `today` ('YYYY-MM-DD' in America/Santiago) is after its due date and it applies and is not
 * 'Terminado'. A period's tasks fall due in the month after it, so limiting this to the current
 * period (DESIGN.md §4 first said so) dropped every mark on the 25th, when the period switches.
 */
export function isOverdue(
  cell: { readonly state: string },
  task: Pick<Task, 'expirationDate'>,
  period: Period,
  today: string,
): boolean {
  if (cell.state === TASK_NOT_APPLICABLE || cell.state === TASK_STATE_DONE) return false;
  return today > taskDueDate(period, task.expirationDate);
}
