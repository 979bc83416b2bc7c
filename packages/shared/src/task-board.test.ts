import { describe, expect, it } from 'vitest';
import type { TaskBoardRow, TaskCell } from './schemas/tasks.ts';
import { isOverdue, summaryColor, summaryPercent, taskDueDate } from './task-board.ts';

const row = (id: number, ...states: TaskCell['state'][]): TaskBoardRow => ({
  id,
  name: `Empresa ${id}`,
  rut: '1-9',
  responsibleUserId: null,
  taskStates: states.map((state, index) => ({ taskId: index + 1, state, value: null, lastChange: null })),
});

describe('summaryPercent', () => {
  it('is the truncated share of applicable companies that are Terminado', () => {
    const rows = [row(1, 'Terminado'), row(2, 'En proceso'), row(3, 'No comenzado'), row(4, 'N/A')];
    expect(summaryPercent(rows, 1)).toBe(33); // 1 of 3 applicable, 33.3 truncated
    expect(summaryPercent([row(1, 'Terminado'), row(2, 'Terminado'), row(3, 'En proceso')], 1)).toBe(66);
  });

  it('is 100 when no company is applicable', () => {
    expect(summaryPercent([row(1, 'N/A'), row(2, 'N/A')], 1)).toBe(100);
    expect(summaryPercent([], 1)).toBe(100);
  });
});

describe('summaryColor', () => {
  it('is green at 100, yellow above 0 and red at 0', () => {
    expect([summaryColor(100), summaryColor(1), summaryColor(99), summaryColor(0)]).toEqual([
      'green',
      'yellow',
      'yellow',
      'red',
    ]);
  });
});

describe('taskDueDate', () => {
  it('falls on the expiration day of the month after the period, clamped to a short month', () => {
    expect(taskDueDate({ year: 2026, month: 10 }, 20)).toBe('2026-11-20');
    expect(taskDueDate({ year: 2026, month: 1 }, 31)).toBe('2026-02-28');
    expect(taskDueDate({ year: 2026, month: 12 }, 5)).toBe('2027-01-05');
  });
});

describe('isOverdue', () => {
  const september = { year: 2026, month: 9 };
  const october = { year: 2026, month: 10 };

  it('marks a cell not Terminado once its due date has passed, not on the due date itself', () => {
    // October's task with expiration day 20 falls due on 20 November.
    expect(isOverdue({ state: 'En proceso' }, { expirationDate: 20 }, october, '2026-11-21')).toBe(true);
    expect(isOverdue({ state: 'No comenzado' }, { expirationDate: 20 }, october, '2026-11-20')).toBe(false);
    expect(isOverdue({ state: 'No comenzado' }, { expirationDate: 20 }, october, '2026-11-19')).toBe(false);
  });

  it('keeps a task of September late on 25 November, when the current period switches, and on 30 November', () => {
    // September's task fell due on 10 October; from the 25th the current period is November.
    expect(isOverdue({ state: 'No comenzado' }, { expirationDate: 10 }, september, '2026-11-25')).toBe(true);
    expect(isOverdue({ state: 'En proceso' }, { expirationDate: 10 }, september, '2026-11-30')).toBe(true);
  });

  it('marks a task of October late from the 25th to the month’s end', () => {
    expect(isOverdue({ state: 'No comenzado' }, { expirationDate: 24 }, october, '2026-11-25')).toBe(true);
    expect(isOverdue({ state: 'No comenzado' }, { expirationDate: 28 }, october, '2026-11-30')).toBe(true);
  });

  it('never marks Terminado nor N/A, however late', () => {
    expect(isOverdue({ state: 'Terminado' }, { expirationDate: 1 }, september, '2026-11-30')).toBe(false);
    expect(isOverdue({ state: 'N/A' }, { expirationDate: 1 }, september, '2026-11-30')).toBe(false);
  });
});
