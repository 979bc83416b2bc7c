import type { BoardCell, BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { describe, expect, it } from 'vitest';
import { hasOverdue, lastStateIds, monthlyNarrow, overdueCounts, serviceOfState } from './board-filters';

const state = (serviceId: number, id: number, order: number) => ({
  id,
  serviceId,
  name: `Estado ${id}`,
  color: '#2ECC71',
  order,
  pctProgress: 0,
  hasValue: false,
  showResume: false,
});
const f29: BoardService = { id: 1, name: 'F29', order: 0, states: [state(1, 10, 0), state(1, 11, 1), state(1, 12, 2)] };
const previred: BoardService = { id: 2, name: 'Previred', order: 1, states: [state(2, 20, 0), state(2, 21, 1)] };
const services = [f29, previred];

const cell = (serviceId: number, stateId: number | null, extra: Partial<BoardCell> = {}): BoardCell => ({
  serviceId,
  applies: stateId !== null,
  stateId,
  value: null,
  lastChange: null,
  dueDate: null,
  overdue: false,
  ...extra,
});
const row = (id: number, name: string, cells: BoardCell[]): BoardRow => ({
  business: { id, name, rut: `${id}-9`, contact: '', responsibleUserId: null },
  cells,
  progress: 0,
});
const late = { dueDate: '2026-11-12', overdue: true };
const rows = [
  row(1, 'Delta', [cell(1, 11), cell(2, 20, late)]),
  row(2, 'Alfa', [cell(1, 10, late), cell(2, 21)]),
  row(3, 'Charlie', [cell(1, 10, { dueDate: '2026-11-12' }), cell(2, null)]),
  row(4, 'Bravo', [cell(1, null), cell(2, 20)]),
];
const names = (list: BoardRow[]) => list.map((one) => one.business.name);
const narrow = (filters: Partial<Parameters<typeof monthlyNarrow>[1]>) =>
  monthlyNarrow(services, { stateId: null, onlyOverdue: false, sortServiceId: null, ...filters });

describe('the monthly board filters', () => {
  it('are no work when none is set, nor when the state or service is not on the board', () => {
    expect(narrow({})).toBeUndefined();
    expect(narrow({ stateId: 99, sortServiceId: 99 })).toBeUndefined();
  });

  it("keep the companies whose cell of the state's service is at that state (an N/A cell never is)", () => {
    expect(serviceOfState(services, 21)?.service).toBe(previred);
    expect(names(narrow({ stateId: 10 })?.(rows) ?? [])).toEqual(['Alfa', 'Charlie']);
    expect(names(narrow({ stateId: 20 })?.(rows) ?? [])).toEqual(['Delta', 'Bravo']);
  });

  it('keep only the companies with a late cell', () => {
    expect(rows.map(hasOverdue)).toEqual([true, true, false, false]);
    expect(names(narrow({ onlyOverdue: true })?.(rows) ?? [])).toEqual(['Delta', 'Alfa']);
    expect(names(narrow({ onlyOverdue: true, stateId: 10 })?.(rows) ?? [])).toEqual(['Alfa']);
  });

  it("sort by a service's state order, then by name, N/A last", () => {
    expect(names(narrow({ sortServiceId: 1 })?.(rows) ?? [])).toEqual(['Alfa', 'Charlie', 'Delta', 'Bravo']);
    expect(names(narrow({ sortServiceId: 2 })?.(rows) ?? [])).toEqual(['Bravo', 'Delta', 'Alfa', 'Charlie']);
    expect(names(narrow({ sortServiceId: 2, stateId: 10 })?.(rows) ?? [])).toEqual(['Alfa', 'Charlie']);
  });
});

describe('the overdue cards', () => {
  it('count the late cells of each service, and leave out the services with none', () => {
    const more = [...rows, row(5, 'Eco', [cell(1, 11, late), cell(2, 20)])];
    expect(overdueCounts(services, more).map(({ service, count }) => [service.name, count])).toEqual([
      ['F29', 2],
      ['Previred', 1],
    ]);
    expect(overdueCounts(services, [rows[2] as BoardRow, rows[3] as BoardRow])).toEqual([]);
  });
});

describe("a service's last state", () => {
  it('is the state of highest order, whatever their order in the list', () => {
    const shuffled: BoardService = { ...f29, states: [state(1, 12, 2), state(1, 10, 0), state(1, 11, 1)] };
    expect(lastStateIds([shuffled, previred])).toEqual(
      new Map([
        [1, 12],
        [2, 21],
      ]),
    );
  });
});
