import type { BoardCell, BoardRow, BoardService, MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { describe, expect, it } from 'vitest';
import { applyCellChange, withCell } from '../../../api/monthly-states/monthly-board-cells';
import { filterRows, percentColor, summaryCards } from './board-rows';

const state = (id: number, order: number, pctProgress: number, showResume = false) => ({
  id,
  serviceId: 1,
  name: `Estado ${id}`,
  color: '#2ECC71',
  order,
  pctProgress,
  hasValue: false,
  showResume,
});
const f29: BoardService = {
  id: 1,
  name: 'F29',
  order: 0,
  states: [state(10, 0, 0), state(11, 1, 50, true), state(12, 2, 100, true)],
};
const cell = (stateId: number | null, applies = true): BoardCell => ({
  serviceId: 1,
  applies,
  stateId,
  value: null,
  lastChange: null,
  dueDate: null,
  overdue: false,
});
const row = (id: number, name: string, rut: string, stateId: number | null, applies = true): BoardRow => ({
  business: { id, name, rut, contact: '', responsibleUserId: null },
  cells: [cell(stateId, applies)],
  progress: 0,
});

describe('summary cards', () => {
  it('count the companies at or beyond each summarised state over those where the service applies', () => {
    const rows = [
      row(1, 'A', '1-9', 10),
      row(2, 'B', '2-7', 11),
      row(3, 'C', '3-5', 12),
      row(4, 'D', '4-3', null, false),
    ];
    const cards = summaryCards([f29], rows);
    expect(cards.map(({ state: s, count, total, percent }) => [s.id, count, total, percent])).toEqual([
      [11, 2, 3, 66], // truncated, not rounded
      [12, 1, 3, 33],
    ]);
  });

  it('say nothing (null, not 100 %) when no company has the service, and colour it grey', () => {
    const cards = summaryCards([f29], [row(4, 'D', '4-3', null, false)]);
    expect(cards.map((card) => [card.count, card.total, card.percent])).toEqual([
      [0, 0, null],
      [0, 0, null],
    ]);
    expect(percentColor(null)).toBe('gray');
  });

  it('colour the badge: one colour at 100, another from 0 to 49, a third otherwise', () => {
    expect([percentColor(100), percentColor(0), percentColor(49), percentColor(50), percentColor(99)]).toEqual([
      'green',
      'red',
      'red',
      'yellow',
      'yellow',
    ]);
  });
});

describe('changing a cell on screen', () => {
  const board: MonthlyBoard = {
    year: 2026,
    month: 10,
    today: '2026-10-14',
    services: [f29],
    rows: [row(1, 'A', '1-9', 10), row(2, 'B', '2-7', 10)],
  };

  it('recomputes the row’s progress and leaves the other rows as they were (same objects)', () => {
    const next = withCell(board, 1, 1, { stateId: 11 });
    expect(next.rows[0]?.progress).toBe(50);
    expect(next.rows[1]).toBe(board.rows[1]);
  });

  it('takes the server’s cell and progress as they come', () => {
    const next = applyCellChange(board, 2, { ...cell(12), value: 1234 }, 100);
    expect(next.rows[1]?.cells[0]).toMatchObject({ stateId: 12, value: 1234 });
    expect(next.rows[1]?.progress).toBe(100);
    expect(applyCellChange(board, 99, cell(12), 100)).toBe(board);
  });
});

describe('search and group filter', () => {
  const rows = [row(1, 'Panadería Los Aromos', '76.086.428-5', 10), row(2, 'Ferretería El Roble', '77.123.456-7', 10)];

  it('find a company by name without accents or case, and by RUT with or without dots', () => {
    expect(filterRows(rows, 'panaderia', null).map((r) => r.business.id)).toEqual([1]);
    expect(filterRows(rows, '77123456', null).map((r) => r.business.id)).toEqual([2]);
    expect(filterRows(rows, '76.086', null).map((r) => r.business.id)).toEqual([1]);
  });

  it('keep only the chosen group’s companies', () => {
    expect(filterRows(rows, '', new Set([2])).map((r) => r.business.id)).toEqual([2]);
  });
});
