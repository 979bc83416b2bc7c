import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/** The columns every board's cell table has, besides its column key and its state. */
type CellTable = PgTable & {
  businessId: AnyPgColumn;
  year: AnyPgColumn;
  month: AnyPgColumn;
  value: AnyPgColumn;
  updatedBy: AnyPgColumn;
  updatedByName: AnyPgColumn;
  updatedAt: AnyPgColumn;
};

/** The columns every board's history table has, besides its column key and its two states. */
type HistoryTable = PgTable & {
  businessId: AnyPgColumn;
  year: AnyPgColumn;
  month: AnyPgColumn;
  value: AnyPgColumn;
  userId: AnyPgColumn;
  userName: AnyPgColumn;
};

/**
 * A board's tables: a cell is (company, column, year, month) — the column a service or a task —
 * holding a state and a value; every change is kept in its history table.
 */
export interface CellTables {
  /** Names the cells' locks ('monthly-state'): each board locks only its own cells. */
  name: string;
  cells: CellTable;
  /** The cells' column key (service_id, task_id) and state (state_id, state). */
  column: AnyPgColumn;
  state: AnyPgColumn;
  history: HistoryTable;
  historyColumn: AnyPgColumn;
  fromState: AnyPgColumn;
  toState: AnyPgColumn;
}

export interface CellKey {
  businessId: number;
  column: number;
  year: number;
  month: number;
}

export interface CellChange<State, Value> {
  cell: CellKey;
  state: State;
  value: Value | null;
  /** The history's "from" when the cell has no row yet (it shows the board's default state). */
  initial: State | null;
  by: { id: number; name: string };
}

/** A saved cell as the board shows it. */
export interface CellRow<State, Value> {
  column: number;
  state: State;
  value: Value | null;
  updatedByName: string;
  updatedAt: Date;
}

export interface SavedCell<State, Value> {
  updatedAt: Date;
  /** With `withRow`, the other saved cells of the company that month (what a row's progress needs). */
  row: CellRow<State, Value>[];
}

const name = (column: AnyPgColumn) => sql.identifier(column.name);

/**
 * A board's cell changes: lock the cell, save its state, write its history, all in one
 * transaction. The lock is taken by a statement of its own, so that the next one's snapshot sees
 * what an earlier change of the cell committed (even one that created its row): each history entry
 * starts where the previous change left the cell. Then one statement reads the state it replaces,
 * upserts the cell and inserts the history entry. The caller emits once it resolves (after commit).
 */
export function cellHistory<State extends string | number, Value>(tables: CellTables) {
  const { cells, history } = tables;
  const cellsTable = sql.identifier(getTableName(cells));
  const historyTable = sql.identifier(getTableName(history));
  const key = [cells.businessId, tables.column, cells.year, cells.month].map(name);
  const isCell = ({ businessId, column, year, month }: CellKey): SQL =>
    sql`${name(cells.businessId)} = ${businessId} and ${name(tables.column)} = ${column}
        and ${name(cells.year)} = ${year} and ${name(cells.month)} = ${month}`;

  return {
    async change(
      db: Db,
      change: CellChange<State, Value>,
      options: { withRow?: boolean } = {},
    ): Promise<SavedCell<State, Value>> {
      const { cell, by } = change;
      const updatedAt = new Date();
      const lock = `${tables.name}:${cell.businessId}:${cell.column}:${cell.year}:${cell.month}`;
      // The row's other cells, read in the same snapshot: the states this change does not touch.
      const row = options.withRow
        ? sql`select coalesce(json_agg(json_build_object('column', ${name(tables.column)}, 'state', ${name(tables.state)},
                'value', ${name(cells.value)}, 'updatedByName', ${name(cells.updatedByName)}, 'updatedAt', ${name(cells.updatedAt)})), '[]') as row
              from ${cellsTable} where ${name(cells.businessId)} = ${cell.businessId} and ${name(cells.year)} = ${cell.year}
              and ${name(cells.month)} = ${cell.month} and ${name(tables.column)} <> ${cell.column}`
        : sql`select '[]'::json as row`;
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
        return tx.execute(sql`
          with previous as (select ${name(tables.state)} as state from ${cellsTable} where ${isCell(cell)}),
          saved as (
            insert into ${cellsTable} (${sql.join(key, sql`, `)}, ${name(tables.state)}, ${name(cells.value)},
              ${name(cells.updatedBy)}, ${name(cells.updatedByName)}, ${name(cells.updatedAt)})
            values (${cell.businessId}, ${cell.column}, ${cell.year}, ${cell.month}, ${change.state}, ${change.value},
              ${by.id}, ${by.name}, ${updatedAt})
            on conflict (${sql.join(key, sql`, `)}) do update set ${sql.join(
              [tables.state, cells.value, cells.updatedBy, cells.updatedByName, cells.updatedAt].map(
                (column) => sql`${name(column)} = excluded.${name(column)}`,
              ),
              sql`, `,
            )}
          ),
          logged as (
            insert into ${historyTable} (${name(history.businessId)}, ${name(tables.historyColumn)}, ${name(history.year)},
              ${name(history.month)}, ${name(tables.fromState)}, ${name(tables.toState)}, ${name(history.value)},
              ${name(history.userId)}, ${name(history.userName)})
            values (${cell.businessId}, ${cell.column}, ${cell.year}, ${cell.month},
              coalesce((select state from previous), ${change.initial}), ${change.state}, ${change.value}, ${by.id}, ${by.name})
          )
          ${row}`);
      });
      // json arrives parsed from node-postgres and PGlite alike; its timestamps as text.
      const [answer] = (result as unknown as { rows: { row: (CellRow<State, Value> & { updatedAt: string })[] }[] })
        .rows;
      return {
        updatedAt,
        row: (answer?.row ?? []).map((saved) => ({ ...saved, updatedAt: new Date(saved.updatedAt) })),
      };
    },
  };
}
