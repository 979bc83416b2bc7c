import { chileanDueDate } from '@app/shared/due-dates-cl';
import type { Period } from '@app/shared/period';
import type { Task, TaskBoardRow, TaskCell } from '@app/shared/schemas/tasks';
import { describe, expect, it } from 'vitest';
import { dueSoonTasks, overdueCells, taskNarrow, tasksOf } from './task-board-rows';

const task = (id: number, expirationDate: number, responsible = 5): Task => ({
  id,
  name: `Tarea ${id}`,
  responsableCollaborator: { id: responsible, name: 'Javier', lastName: 'Pérez' },
  expirationDate,
  showInSummary: true,
});
const cell = (taskId: number, state: TaskCell['state']): TaskCell => ({ taskId, state, value: null, lastChange: null });
const row = (id: number, cells: TaskCell[]): TaskBoardRow => ({
  id,
  name: `Empresa ${id}`,
  rut: `${id}-9`,
  responsibleUserId: null,
  taskStates: cells,
});

// 24 November 2026 in Santiago (the board's `today`): October's tasks fall due in November.
const today = '2026-11-24';
const october: Period = { year: 2026, month: 10 };
/** The due dates the server sends with the board of `period` (the web never binds the holidays itself). */
const dueIn = (tasks: readonly Task[], period: Period) =>
  new Map(tasks.map((one) => [one.id, chileanDueDate(period, one.expirationDate)]));

describe('the task board filters', () => {
  it("show only the columns of a task's responsible, or all for nobody's", () => {
    const tasks = [task(1, 10, 5), task(2, 20, 6), task(3, 25, 5)];
    expect(tasksOf(tasks, 5).map((one) => one.id)).toEqual([1, 3]);
    expect(tasksOf(tasks, null)).toBe(tasks);
    expect(tasksOf(tasks, 99)).toBe(tasks);
  });

  it('keep the companies with an overdue cell among the shown tasks only', () => {
    // Task 1 fell due on 10 November, task 2 falls due on 30 November.
    const tasks = [task(1, 10), task(2, 30)];
    const overdue = overdueCells(tasks, dueIn(tasks, october), today);
    const rows = [
      row(1, [cell(1, 'No comenzado'), cell(2, 'No comenzado')]),
      row(2, [cell(1, 'Terminado'), cell(2, 'No comenzado')]),
      row(3, [cell(1, 'N/A'), cell(2, 'En proceso')]),
      row(4, [cell(1, 'En proceso'), cell(2, 'Terminado')]),
    ];
    expect(taskNarrow(tasks, overdue, false)).toBeUndefined();
    expect(taskNarrow(tasks, overdue, true)?.(rows).map((one) => one.id)).toEqual([1, 4]);
    const onlySecond = [task(2, 30)];
    expect(taskNarrow(onlySecond, overdueCells(onlySecond, dueIn(onlySecond, october), today), true)?.(rows)).toEqual(
      [],
    );
  });

  it('mark softly the tasks due within three days, today included', () => {
    const tasks = [task(1, 24), task(2, 27), task(3, 28), task(4, 10)];
    expect([...dueSoonTasks(tasks, dueIn(tasks, october), today)]).toEqual([1, 2]);
    // September's tasks fell due in October; November's fall due in December.
    expect(dueSoonTasks(tasks, dueIn(tasks, { year: 2026, month: 9 }), today).size).toBe(0);
    expect(dueSoonTasks(tasks, dueIn(tasks, { year: 2026, month: 11 }), today).size).toBe(0);
  });
});
