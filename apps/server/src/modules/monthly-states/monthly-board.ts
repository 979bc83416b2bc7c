import { averageProgress } from '@app/shared/board';
import { isOverdue } from '@app/shared/due-dates';
import type { BoardCell, BoardRow, BoardService } from '@app/shared/schemas/monthly-states';
import type { CellRow } from '../../db/cell-history.ts';

/** A column's due dates in the period: for companies that file on paper and online (null: no due day). */
export interface ServiceDueDates {
  paper: string | null;
  electronic: string | null;
}

/** What the board is built from: a few bulk reads, never one query per company. */
export interface BoardParts {
  businesses: {
    id: number;
    name: string;
    rut: string;
    contact: string;
    electronicFiling: boolean;
    responsibleUserId: number | null;
    /** 'Seguimiento desde' ('YYYY-MM'): before it the company's cells are 'N/A'. */
    trackingSince: string | null;
  }[];
  services: BoardService[];
  /**
   * Cells whose service applies: active links started by the period's last day, of companies
   * tracked in the period ('Seguimiento desde'), by `cellKey`.
   */
  applies: ReadonlySet<string>;
  /** Each column's due dates in the period, by service id. */
  dueDates: ReadonlyMap<number, ServiceDueDates>;
  /** Saved cells: a column is a service, a state one of its states' ids. */
  chosen: CellRow<number, number>[];
  /** The day in America/Santiago ('YYYY-MM-DD') overdue is judged on. */
  today: string;
}

export const cellKey = (businessId: number, serviceId: number) => `${businessId}:${serviceId}`;

/** The id of a service's last state (highest order): a cell there is done, never overdue. */
const lastStateOf = (service: BoardService) =>
  service.states.reduce<BoardService['states'][number] | undefined>(
    (last, state) => (!last || state.order >= last.order ? state : last),
    undefined,
  )?.id;

/**
 * The board's rows: one per company, a cell per service column. A cell where the service applies
 * shows the chosen state or, until one is chosen, the service's first state; elsewhere 'N/A'.
 * Progress is the rounded average pctProgress of the cells that have a state.
 */
export function buildBoardRows(parts: BoardParts): BoardRow[] {
  const chosen = new Map(parts.chosen.map((row) => [cellKey(row.businessId, row.column), row]));
  const progressOf = new Map(
    parts.services.flatMap((service) => service.states.map((state) => [state.id, state.pctProgress] as const)),
  );
  const lastState = new Map(parts.services.map((service) => [service.id, lastStateOf(service)]));

  return parts.businesses.map((business) => {
    const percents: number[] = [];
    const cells = parts.services.map((service): BoardCell => {
      const key = cellKey(business.id, service.id);
      if (!parts.applies.has(key))
        return {
          serviceId: service.id,
          applies: false,
          stateId: null,
          value: null,
          lastChange: null,
          dueDate: null,
          overdue: false,
        };
      const picked = chosen.get(key);
      const stateId = picked?.state ?? service.states[0]?.id ?? null;
      if (stateId !== null) percents.push(progressOf.get(stateId) ?? 0);
      const due = parts.dueDates.get(service.id);
      const dueDate = (business.electronicFiling ? due?.electronic : due?.paper) ?? null;
      return {
        serviceId: service.id,
        applies: true,
        stateId,
        value: picked?.value ?? null,
        lastChange: picked ? { by: picked.updatedByName, at: picked.updatedAt.toISOString() } : null,
        dueDate,
        overdue: isOverdue(dueDate, parts.today, stateId !== null && stateId === lastState.get(service.id)),
      };
    });
    return {
      business: {
        id: business.id,
        name: business.name,
        rut: business.rut,
        contact: business.contact,
        responsibleUserId: business.responsibleUserId,
      },
      cells,
      progress: averageProgress(percents),
    };
  });
}
