import { desc, type SQL, sql } from 'drizzle-orm';
import { type CellChange, type CellsChange, cellHistory } from '../../db/cell-history.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { monthlyStateHistory, monthlyStates } from './monthly-states.tables.ts';

type Cell = { businessId: number; serviceId: number; year: number; month: number };

/** A cell's change: its state (a state of the service) and whole pesos, with its history entry. */
const cells = cellHistory<number, number>({
  name: 'monthly-state',
  cells: monthlyStates,
  column: monthlyStates.serviceId,
  state: monthlyStates.stateId,
  history: monthlyStateHistory,
  historyColumn: monthlyStateHistory.serviceId,
  fromState: monthlyStateHistory.fromStateId,
  toState: monthlyStateHistory.toStateId,
});

export const monthlyStatesRepository = {
  /** The chosen states of a period (optionally of one company): the board's cells that are not defaults. */
  listForPeriod: cells.listForPeriod,

  /** The saved cells of these periods (column: the service, state: its state's id). */
  listForPeriods: cells.listForPeriods,

  /** Saves the cell and its history entry (db/cell-history.ts), with the row's cells in these columns as they were. */
  changeCell: (db: Db, change: CellChange<number, number>, rowServiceIds: number[]) =>
    cells.change(db, change, rowServiceIds),

  /**
   * Sets one service's cell of many companies to one state and value in one transaction, one history
   * entry per cell written (cells already there are left alone); answers the companies written and
   * their row's saved cells in these columns after it (db/cell-history.ts).
   */
  changeCells: (db: Db, change: CellsChange<number, number>, rowServiceIds: number[]) =>
    cells.changeMany(db, change, rowServiceIds),

  /**
   * When each of a company's saved cells of a period reached its state: the latest history entry
   * that moved it there (the cell's last change when none names it), as the panel's punctuality reads it.
   */
  async reachedOf(db: DbOrTx, period: { year: number; month: number }, businessId: number) {
    // reachedIn's rule for one company, read through the cells' own index.
    const result = await db.execute(sql`select m.service_id as "serviceId",
    coalesce((select max(h.created_at) from ${monthlyStateHistory} h
      where h.business_id = m.business_id and h.service_id = m.service_id and h.year = m.year
        and h.month = m.month and h.to_state_id = m.state_id), m.updated_at) as "reachedAt"
  from ${monthlyStates} m
  where m.business_id = ${businessId} and m.year = ${period.year} and m.month = ${period.month}`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      serviceId: unknown;
      reachedAt: unknown;
    }[];
    return new Map(rows.map((row) => [Number(row.serviceId), new Date(row.reachedAt as string | Date)]));
  },

  /** A cell's changes, newest first, with the states by id (the services module names them). */
  listHistory(db: DbOrTx, cell: Cell) {
    return (
      db
        .select({
          id: monthlyStateHistory.id,
          value: monthlyStateHistory.value,
          // Every change of the cell writes its entry, so the one before holds the value this one replaced.
          fromValue: sql<
            number | null
          >`lag(${monthlyStateHistory.value}) over (order by ${monthlyStateHistory.id})`.mapWith(Number),
          userName: monthlyStateHistory.userName,
          createdAt: monthlyStateHistory.createdAt,
          fromStateId: monthlyStateHistory.fromStateId,
          toStateId: monthlyStateHistory.toStateId,
        })
        .from(monthlyStateHistory)
        .where(
          cells.historyOf({ businessId: cell.businessId, column: cell.serviceId, year: cell.year, month: cell.month }),
        )
        // By id, as the helper's own history list (see db/cell-history.ts).
        .orderBy(desc(monthlyStateHistory.id))
    );
  },
};

/**
 * SQL that another module's aggregate embeds: a subquery of a period's saved cells (`business_id`,
 * `service_id`, `state_id`). A cell without a row is at its service's first state.
 */
export const monthlyStatesSql = {
  savedIn(year: number, month: number): SQL {
    return sql`(select ${monthlyStates.businessId} as business_id, ${monthlyStates.serviceId} as service_id,
    ${monthlyStates.stateId} as state_id
  from ${monthlyStates}
  where ${monthlyStates.year} = ${year} and ${monthlyStates.month} = ${month})`;
  },
  /**
   * A period's saved cells with when each reached its state: the latest history entry that moved it
   * there (the cell's last change when none names it), `reached_at`.
   */
  reachedIn(year: number, month: number): SQL {
    return sql`(select m.business_id, m.service_id, m.state_id, coalesce(h.reached_at, m.updated_at) as reached_at
  from ${monthlyStates} m
  left join (select business_id, service_id, to_state_id, max(created_at) as reached_at from ${monthlyStateHistory}
    where year = ${year} and month = ${month} group by business_id, service_id, to_state_id) h
    on h.business_id = m.business_id and h.service_id = m.service_id and h.to_state_id = m.state_id
  where m.year = ${year} and m.month = ${month})`;
  },
  tables: [monthlyStates],
  /** What reachedIn reads. */
  historyTables: [monthlyStates, monthlyStateHistory],
};
