import type { BoardCell, BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { filterBusinesses } from '../../../lib/business-filter';

/**
 * The rows the table shows: those of the chosen group, then those whose name or RUT holds the
 * search (accents, case, dots and dash ignored).
 */
export const filterRows = (rows: BoardRow[], search: string, groupIds: ReadonlySet<number> | null): BoardRow[] =>
  filterBusinesses(rows, search, groupIds, (row) => row.business);

/** A row's cell of a service: the cells follow the services' order, so the column index finds it at once. */
export function cellAt(row: BoardRow, column: number, serviceId: number): BoardCell | undefined {
  const cell = row.cells[column];
  return cell?.serviceId === serviceId ? cell : row.cells.find((candidate) => candidate.serviceId === serviceId);
}

export interface SummaryCard {
  key: string;
  service: BoardService;
  state: BoardService['states'][number];
  /** Companies at this state or a later one (by order). */
  count: number;
  /** Companies where the service applies and that have a state. */
  total: number;
  /**
   * Truncated; null when no company has the service (0 / 0: nothing to measure, shown empty, not
   * as done: a filter that leaves none must not look like finished work).
   */
  percent: number | null;
}

/**
 * The summary cards: one per service and state flagged showResume, counting the
 * companies at or beyond that state over those where the service applies.
 */
export function summaryCards(services: BoardService[], rows: BoardRow[]): SummaryCard[] {
  return services.flatMap((service, column) => {
    const order = new Map(service.states.map((state) => [state.id, state.order]));
    const orders: number[] = [];
    for (const row of rows) {
      const cell = cellAt(row, column, service.id);
      const stateOrder = cell?.applies && cell.stateId !== null ? order.get(cell.stateId) : undefined;
      if (stateOrder !== undefined) orders.push(stateOrder);
    }
    return service.states
      .filter((state) => state.showResume)
      .map((state) => {
        const count = orders.filter((value) => value >= state.order).length;
        const total = orders.length;
        return {
          key: `${service.id}:${state.id}`,
          service,
          state,
          count,
          total,
          percent: total ? Math.floor((count / total) * 100) : null,
        };
      });
  });
}

/**
 * The percent badge's colour: one at 100, another from 0 to 49, a third
 * otherwise; grey for a card with no company.
 */
export const percentColor = (percent: number | null) =>
  percent === null ? 'gray' : percent >= 100 ? 'green' : percent < 50 ? 'red' : 'yellow';
