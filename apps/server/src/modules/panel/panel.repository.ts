import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The SQL the panel's aggregates embed, each built by the module that owns its tables. */
export interface PanelSources {
  activeCompanies: SQL;
  applyingLinks: SQL;
  /** Saved cells (`state_id`), with `reached_at` when the punctuality counts ask for it. */
  cells: SQL;
}

/** A count of a period's cells: a service's, of one owner's companies filing one way, at one saved state. */
export interface PanelCellCount {
  serviceId: number;
  responsibleUserId: number | null;
  electronicFiling: boolean;
  /** The saved state; null: no row (the service's first state). */
  stateId: number | null;
  /** When the cell reached its state, to the hour (ISO); null without a saved row or when not asked. */
  reachedHour: string | null;
  count: number;
}

/** A count of requests waiting: of one period, made in one hour (ISO). */
export interface WaitingCount {
  year: number;
  month: number;
  createdHour: string;
  count: number;
}

const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
const hourOf = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString());

export const panelRepository = {
  /**
   * One period's cells of the given services in one aggregate over the active companies, their
   * applying links and the saved cells, by service, owner, filing and saved state (and, with
   * `reached`, the hour the cell reached that state: Santiago's offsets are whole hours).
   */
  async countCells(
    db: DbOrTx,
    sources: PanelSources,
    serviceIds: readonly number[],
    reached: boolean,
  ): Promise<PanelCellCount[]> {
    if (serviceIds.length === 0) return [];
    const hour = reached ? sql`date_trunc('hour', s.reached_at)` : sql`null::timestamptz`;
    const result =
      await db.execute(sql`select l.service_id as "serviceId", b.responsible_user_id as "responsibleUserId",
    b.electronic_filing as "electronicFiling", s.state_id as "stateId", ${hour} as "reachedHour", count(*)::int as "count"
  from ${sources.activeCompanies} b
  join ${sources.applyingLinks} l on l.business_id = b.id
  left join ${sources.cells} s on s.business_id = b.id and s.service_id = l.service_id
  where l.service_id in (${sql.join(
    serviceIds.map((id) => sql`${id}`),
    sql`, `,
  )})
  group by 1, 2, 3, 4, 5`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      serviceId: Number(row.serviceId),
      responsibleUserId: row.responsibleUserId === null ? null : Number(row.responsibleUserId),
      electronicFiling: Boolean(row.electronicFiling),
      stateId: row.stateId === null ? null : Number(row.stateId),
      reachedHour: hourOf(row.reachedHour),
      count: Number(row.count),
    }));
  },

  /** The requests waiting of the companies given, by period and the hour they were made. */
  async countWaiting(db: DbOrTx, waiting: SQL, companies: SQL): Promise<WaitingCount[]> {
    const result = await db.execute(sql`select r.year as "year", r.month as "month",
    date_trunc('hour', r.created_at) as "createdHour", count(*)::int as "count"
  from ${waiting} r
  join ${companies} b on b.id = r.business_id
  group by 1, 2, 3`);
    return rowsOf<Record<string, unknown>>(result).map((row) => ({
      year: Number(row.year),
      month: Number(row.month),
      createdHour: hourOf(row.createdHour) as string,
      count: Number(row.count),
    }));
  },
};
