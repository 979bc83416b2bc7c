import { averageProgress } from '@app/shared/board';
import type { BoardCell, BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import type { CellRow } from '../../db/cell-history.ts';

/** What the board is built from: a few bulk reads, never one query per company. */
export interface BoardParts {
  businesses: { id: number; name: string; rut: string; contact: string }[];
  services: BoardService[];
  /** Cells whose service applies: active links started by the period's last day (DESIGN.md §4), by `cellKey`. */
  applies: ReadonlySet<string>;
  /** Saved cells: a column is a service, a state one of its states' ids. */
  chosen: CellRow<number, number>[];
}

export const cellKey = (businessId: number, serviceId: number) => `${businessId}:${serviceId}`;

/**
 * The board's rows: one per company, a cell per service column. A cell where the service applies
 * shows the chosen state or, until one is chosen, the service's first state; elsewhere 'N/A'.
 * Progress is the rounded average pctProgress of the cells that have a state (spec 1 §4).
 */
export function buildBoardRows(parts: BoardParts): BoardRow[] {
  const chosen = new Map(parts.chosen.map((row) => [cellKey(row.businessId, row.column), row]));
  const progressOf = new Map(
    parts.services.flatMap((service) => service.states.map((state) => [state.id, state.pctProgress] as const)),
  );

  return parts.businesses.map((business) => {
    const percents: number[] = [];
    const cells = parts.services.map((service): BoardCell => {
      const key = cellKey(business.id, service.id);
      if (!parts.applies.has(key))
        return { serviceId: service.id, applies: false, stateId: null, value: null, lastChange: null };
      const picked = chosen.get(key);
      const stateId = picked?.state ?? service.states[0]?.id ?? null;
      if (stateId !== null) percents.push(progressOf.get(stateId) ?? 0);
      return {
        serviceId: service.id,
        applies: true,
        stateId,
        value: picked?.value ?? null,
        lastChange: picked ? { by: picked.updatedByName, at: picked.updatedAt.toISOString() } : null,
      };
    });
    return {
      business: { id: business.id, name: business.name, rut: business.rut, contact: business.contact },
      cells,
      progress: averageProgress(percents),
    };
  });
}
