import type { Task, TaskBoard, TaskBoardRow, TaskCell } from '@app/shared/schemas/tasks';
import { describe, expect, it } from 'vitest';
import {
  applyTaskCellChange,
  findTaskCell,
  optimisticTaskCell,
  taskCellRules,
  withTaskCell,
} from '../../../api/tasks/task-board-cells';
import { reconcile } from '../../../lib/board/cell-rules';
import {
  dueDatesByTask,
  dueSoonTasks,
  filterTaskRows,
  overdueCells,
  taskCellAt,
  taskCellLabel,
} from './task-board-rows';

const task = (id: number, expirationDate = 10): Task => ({
  id,
  name: `Tarea ${id}`,
  responsableCollaborator: { id: 5, name: 'Javier', lastName: 'Pérez' },
  expirationDate,
  showInSummary: true,
});
const cell = (taskId: number, state: TaskCell['state'] = 'No comenzado', value: string | null = null): TaskCell => ({
  taskId,
  state,
  value,
  lastChange: null,
});
const row = (id: number, name: string, rut: string, cells: TaskCell[]): TaskBoardRow => ({
  id,
  name,
  rut,
  responsibleUserId: null,
  taskStates: cells,
});
const board: TaskBoard = {
  year: 2026,
  month: 3,
  today: '2026-03-14',
  tasks: [task(1), task(2)],
  rows: [
    row(10, 'Panadería Los Aromos', '76.086.428-5', [cell(1), cell(2, 'N/A')]),
    row(11, 'Ferretería El Roble', '77.123.456-7', [cell(1, 'En proceso'), cell(2)]),
  ],
  summary: [],
  dueDates: [
    { taskId: 1, dueDate: '2026-04-10' },
    { taskId: 2, dueDate: '2026-04-27' },
  ],
};

describe('the task board’s rows', () => {
  it('are found by name without accents or case, by RUT with or without format, and by group', () => {
    expect(filterTaskRows(board.rows, 'panaderia', null).map((r) => r.id)).toEqual([10]);
    expect(filterTaskRows(board.rows, '77123456', null).map((r) => r.id)).toEqual([11]);
    expect(filterTaskRows(board.rows, '', new Set([11])).map((r) => r.id)).toEqual([11]);
    expect(filterTaskRows(board.rows, 'roble', new Set([10]))).toEqual([]);
  });

  it('find a cell by its column, or by its task when the column does not match', () => {
    const first = board.rows[0] as TaskBoardRow;
    expect(taskCellAt(first, 1, 2)?.state).toBe('N/A');
    expect(taskCellAt(first, 0, 2)?.state).toBe('N/A');
    expect(taskCellAt(first, 0, 99)).toBeUndefined();
  });
});

describe('changing a cell in the cache', () => {
  it('patches one cell and keeps every other row (same objects)', () => {
    const next = withTaskCell(board, 10, 1, { state: 'Terminado', value: 'Folio 12' });
    expect(findTaskCell(next, 10, 1)).toEqual({ taskId: 1, state: 'Terminado', value: 'Folio 12', lastChange: null });
    expect(next.rows[0]?.taskStates[1]).toBe(board.rows[0]?.taskStates[1]);
    expect(next.rows[1]).toBe(board.rows[1]);
    expect(next.tasks).toBe(board.tasks);
    expect(board.rows[0]?.taskStates[0]?.state).toBe('No comenzado');
  });

  it('leaves the board untouched for an unknown company or task', () => {
    expect(withTaskCell(board, 99, 1, { state: 'Terminado' })).toBe(board);
    expect(withTaskCell(board, 10, 99, { state: 'Terminado' })).toBe(board);
  });

  it('takes the server’s cell whole, only for the board’s own month', () => {
    const served = {
      taskId: 2,
      state: 'Terminado',
      value: null,
      lastChange: { by: 'Javier P.', at: '2026-03-12T13:41:00Z' },
    } as const;
    const next = applyTaskCellChange(board, { year: 2026, month: 3, businessId: 11, cell: served });
    expect(findTaskCell(next, 11, 2)).toEqual(served);
    expect(applyTaskCellChange(board, { year: 2026, month: 4, businessId: 11, cell: served })).toBe(board);
  });
});

describe('a badge', () => {
  it('shows the value instead of the state when there is one', () => {
    expect(taskCellLabel(cell(1, 'Terminado', 'Folio 12'))).toBe('Folio 12');
    expect(taskCellLabel(cell(1, 'Terminado', null))).toBe('Terminado');
    expect(taskCellLabel(cell(1, 'En proceso', ''))).toBe('En proceso');
  });
});

describe('overdue cells', () => {
  it('are the unfinished, applicable cells of tasks past the due date the server sent, on the board’s today', () => {
    // March's tasks fall due in April; the board's today is 20 April in Santiago.
    const overdue = overdueCells([task(1, 10), task(2, 25)], dueDatesByTask(board.dueDates), '2026-04-20');
    expect([...overdue].sort()).toEqual(['1:En proceso', '1:No comenzado']);
  });

  it('follow the due date moved past a holiday, not the bare expiration day', () => {
    // September 2026's task with day 12 falls due on Tuesday 13 October (Monday 12 is a holiday).
    const dueDates = dueDatesByTask([{ taskId: 1, dueDate: '2026-10-13' }]);
    expect(overdueCells([task(1, 12)], dueDates, '2026-10-13').size).toBe(0);
    expect(dueSoonTasks([task(1, 12)], dueDates, '2026-10-13')).toEqual(new Set([1]));
    expect([...overdueCells([task(1, 12)], dueDates, '2026-10-14')].sort()).toEqual(['1:En proceso', '1:No comenzado']);
  });

  it('are none for a task without a due date (the board not loaded yet)', () => {
    expect(overdueCells([task(1, 10)], new Map(), '2026-04-25').size).toBe(0);
  });
});

describe('a cell the server sends while this user’s own changes are still saving', () => {
  const served = { taskId: 1, state: 'En proceso', value: null, lastChange: null } as const;

  it('keeps this user’s pending guesses of the same company on screen', () => {
    const pending = [
      { year: 2026, month: 3, businessId: 10, taskId: 2, state: 'Terminado', value: ' Folio 9 ' } as const,
    ];
    const next = reconcile(taskCellRules, board, { year: 2026, month: 3, businessId: 10, cell: served }, pending);
    expect(findTaskCell(next, 10, 1)?.state).toBe('En proceso');
    expect(findTaskCell(next, 10, 2)).toMatchObject({ state: 'Terminado', value: 'Folio 9' });
  });

  it('ignores guesses of another month', () => {
    const pending = [{ year: 2026, month: 2, businessId: 10, taskId: 2, state: 'Terminado' } as const];
    const next = reconcile(taskCellRules, board, { year: 2026, month: 3, businessId: 10, cell: served }, pending);
    expect(findTaskCell(next, 10, 2)?.state).toBe('N/A');
  });

  it('shows an empty value as none', () => {
    expect(
      optimisticTaskCell({ year: 2026, month: 3, businessId: 1, taskId: 1, state: 'Terminado', value: '  ' }),
    ).toEqual({
      state: 'Terminado',
      value: null,
    });
  });
});
