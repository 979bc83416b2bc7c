import type { BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import { sortRowsBy } from '../../../lib/board/board-filter-rows';
import { cellAt } from './board-rows';

/** The monthly board's own filters: a state of one service, late cells only, a service's order. */
export interface MonthlyNarrowing {
  stateId: number | null;
  onlyOverdue: boolean;
  sortServiceId: number | null;
}

/** The service a state belongs to, with its column; undefined for a state of no service shown this month. */
export function serviceOfState(services: readonly BoardService[], stateId: number) {
  const column = services.findIndex((service) => service.states.some((state) => state.id === stateId));
  const service = services[column];
  return service ? { service, column } : undefined;
}

/** A row has a late cell. */
export const hasOverdue = (row: BoardRow) => row.cells.some((cell) => cell.overdue);

/**
 * The rows the board's own filters keep, in the order asked for: those whose cell of the chosen
 * state's service is at that state, those with a late cell, then by the chosen service's state
 * order and name. A state or a service not on this month's board is no filter. Undefined when no
 * filter is set, so the board skips the work.
 */
export function monthlyNarrow(
  services: readonly BoardService[],
  { stateId, onlyOverdue, sortServiceId }: MonthlyNarrowing,
): ((rows: readonly BoardRow[]) => BoardRow[]) | undefined {
  const byState = stateId === null ? undefined : serviceOfState(services, stateId);
  const sortColumn = sortServiceId === null ? -1 : services.findIndex((service) => service.id === sortServiceId);
  const sortService = services[sortColumn];
  if (!byState && !onlyOverdue && !sortService) return undefined;

  return (rows) => {
    let kept = rows.filter((row) => {
      if (onlyOverdue && !hasOverdue(row)) return false;
      if (!byState) return true;
      const cell = cellAt(row, byState.column, byState.service.id);
      return cell?.applies === true && cell.stateId === stateId;
    });
    if (sortService) {
      const order = new Map(sortService.states.map((state) => [state.id, state.order]));
      kept = sortRowsBy(
        kept,
        (row) => {
          const cell = cellAt(row, sortColumn, sortService.id);
          return cell?.applies && cell.stateId !== null ? order.get(cell.stateId) : undefined;
        },
        (row) => row.business.name,
      );
    }
    return kept;
  };
}

/** A service's late cells among the rows. */
export interface OverdueCount {
  service: BoardService;
  count: number;
}

/**
 * How many cells of each service are late, for the services with at least one (a card only where
 * something is late: the cards stay few, and the table high on the page).
 */
export function overdueCounts(services: readonly BoardService[], rows: readonly BoardRow[]): OverdueCount[] {
  const counts = services.map((service) => ({ service, count: 0 }));
  for (const row of rows) {
    for (let column = 0; column < counts.length; column++) {
      const entry = counts[column] as OverdueCount;
      if (cellAt(row, column, entry.service.id)?.overdue) entry.count++;
    }
  }
  return counts.filter((entry) => entry.count > 0);
}

/** Each service's last state (by order): a cell there is done, and gets no due mark. */
export function lastStateIds(services: readonly BoardService[]): ReadonlyMap<number, number> {
  const last = new Map<number, number>();
  for (const service of services) {
    const final = service.states.reduce<BoardService['states'][number] | undefined>(
      (latest, state) => (latest === undefined || state.order >= latest.order ? state : latest),
      undefined,
    );
    if (final) last.set(service.id, final.id);
  }
  return last;
}
