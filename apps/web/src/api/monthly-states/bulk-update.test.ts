import type { BoardCell, BoardCellChange, BoardRow, MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyServerCells } from '../../lib/board/board-cells';
import { monthlyBoardQueryKey } from './get-monthly-board';
import { monthlyCells } from './update-monthly-state';

// The cache is all this test reads: no request is sent.
vi.mock('../../lib/api-client', () => ({ api: vi.fn() }));

const state = (id: number, order: number, pctProgress: number) => ({
  id,
  serviceId: 1,
  name: `Estado ${id}`,
  color: '#2ECC71',
  order,
  pctProgress,
  hasValue: false,
  showResume: false,
});
const cell = (serviceId: number, stateId: number | null, applies = true): BoardCell => ({
  serviceId,
  applies,
  stateId,
  value: null,
  lastChange: null,
  dueDate: null,
  overdue: false,
});
const row = (id: number, stateId: number | null): BoardRow => ({
  business: { id, name: `Empresa ${id}`, rut: `${id}-9`, contact: '', responsibleUserId: null },
  cells: [cell(1, stateId), cell(2, 20)],
  progress: 0,
});
const board = (): MonthlyBoard =>
  ({
    today: '2026-11-24',
    services: [
      { id: 1, name: 'F29', order: 0, states: [state(10, 0, 0), state(11, 1, 100)] },
      { id: 2, name: 'Previred', order: 1, states: [{ ...state(20, 0, 0), serviceId: 2 }] },
    ],
    rows: [row(1, 10), row(2, 10), row(3, 10)],
  }) as unknown as MonthlyBoard;
const change = (businessId: number, stateId: number, month = 10): BoardCellChange => ({
  year: 2026,
  month,
  businessId,
  progress: 50,
  cell: { ...cell(1, stateId), lastChange: { by: 'Ana', at: '2026-11-24T12:00:00.000Z' } },
});
const october = { year: 2026, month: 10 };

describe('a bulk change applied to the cached board', () => {
  it('writes every changed cell and its row progress, leaving the other rows as they were', () => {
    const client = new QueryClient();
    const before = board();
    client.setQueryData(monthlyBoardQueryKey(october), before);
    applyServerCells(client, monthlyCells, [change(1, 11), change(3, 11)]);
    const after = client.getQueryData<MonthlyBoard>(monthlyBoardQueryKey(october));
    expect(after?.rows.map((r) => [r.business.id, r.cells[0]?.stateId, r.progress])).toEqual([
      [1, 11, 50],
      [2, 10, 0],
      [3, 11, 50],
    ]);
    // The untouched row keeps its identity: its memoised view does not draw again.
    expect(after?.rows[1]).toBe(before.rows[1]);
    expect(after?.rows[0]?.cells[1]).toEqual(before.rows[0]?.cells[1]);
  });

  it("writes each change into its own month's entry only", () => {
    const client = new QueryClient();
    const november = { year: 2026, month: 11 };
    client.setQueryData(monthlyBoardQueryKey(october), board());
    client.setQueryData(monthlyBoardQueryKey(november), board());
    applyServerCells(client, monthlyCells, [change(2, 11, 11)]);
    const stateOf = (period: typeof october) =>
      client.getQueryData<MonthlyBoard>(monthlyBoardQueryKey(period))?.rows.map((r) => r.cells[0]?.stateId);
    expect(stateOf(october)).toEqual([10, 10, 10]);
    expect(stateOf(november)).toEqual([10, 11, 10]);
  });

  it('changes nothing for a month not in the cache', () => {
    const client = new QueryClient();
    applyServerCells(client, monthlyCells, [change(1, 11)]);
    expect(client.getQueryData(monthlyBoardQueryKey(october))).toBeUndefined();
  });

  it("keeps this user's change still being saved on screen over an older bulk cell", async () => {
    const client = new QueryClient();
    client.setQueryData(monthlyBoardQueryKey(october), board());
    let release: () => void = () => {};
    const answer = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mutation = client.getMutationCache().build(client, {
      mutationKey: monthlyCells.mutationKey,
      mutationFn: () => answer,
    });
    const saving = mutation.execute({ ...october, businessId: 1, serviceId: 1, stateId: 10, optionalValue: null });
    applyServerCells(client, monthlyCells, [change(1, 11), change(2, 11)]);
    const after = client.getQueryData<MonthlyBoard>(monthlyBoardQueryKey(october));
    expect(after?.rows.map((r) => r.cells[0]?.stateId)).toEqual([10, 11, 10]);
    release();
    await saving;
  });
});
