import { describe, expect, it } from 'vitest';
import { chileanDueDate } from './due-dates-cl.ts';
import type { TaskBoardRow, TaskCell } from './schemas/tasks.ts';
import { isTaskOverdue, summaryColor, summaryPercent } from './task-board.ts';

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

  it('is null (not 100) when no company is applicable, and its colour grey', () => {
    expect(summaryPercent([row(1, 'N/A'), row(2, 'N/A')], 1)).toBeNull();
    expect(summaryPercent([], 1)).toBeNull();
    expect(summaryColor(null)).toBe('gray');
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

describe('isTaskOverdue', () => {
  it('marks a cell not Terminado once its due date has passed, not on the due date itself', () => {
    expect(isTaskOverdue({ state: 'En proceso' }, '2026-11-20', '2026-11-21')).toBe(true);
    expect(isTaskOverdue({ state: 'No comenzado' }, '2026-11-20', '2026-11-20')).toBe(false);
    expect(isTaskOverdue({ state: 'No comenzado' }, '2026-11-20', '2026-11-19')).toBe(false);
  });

  it('never marks Terminado nor N/A, however late, nor a cell without a due date', () => {
    expect(isTaskOverdue({ state: 'Terminado' }, '2026-10-01', '2026-11-30')).toBe(false);
    expect(isTaskOverdue({ state: 'N/A' }, '2026-10-01', '2026-11-30')).toBe(false);
    expect(isTaskOverdue({ state: 'No comenzado' }, null, '2026-11-30')).toBe(false);
  });
});

describe('a task’s due date (chileanDueDate, the rule of the services’ due days)', () => {
  it('falls on the expiration day of the month after the period, clamped to a short month', () => {
    expect(chileanDueDate({ year: 2026, month: 10 }, 20)).toBe('2026-11-20');
    // Clamped to Sunday 28 February 2027, then moved to Monday 1 March.
    expect(chileanDueDate({ year: 2027, month: 1 }, 31)).toBe('2027-03-01');
    expect(chileanDueDate({ year: 2026, month: 12 }, 5)).toBe('2027-01-05');
  });

  it('moves past a weekend or a holiday: day 12 of September 2026 is Tuesday 13 October', () => {
    expect(chileanDueDate({ year: 2026, month: 9 }, 12)).toBe('2026-10-13');
    // September's task with day 10 fell due on Saturday 10 October: Tuesday 13.
    expect(chileanDueDate({ year: 2026, month: 9 }, 10)).toBe('2026-10-13');
    expect(isTaskOverdue({ state: 'No comenzado' }, chileanDueDate({ year: 2026, month: 9 }, 12), '2026-10-13')).toBe(
      false,
    );
  });
});
