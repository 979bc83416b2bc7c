import { PGlite } from '@electric-sql/pglite';
import { and, desc, eq, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { ActivityActor } from '../lib/activity-actor.ts';
import { businesses } from '../modules/businesses/businesses.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { Db, DbOrTx } from './client.ts';
import { activity } from './schema/activity.ts';

/** The activity log's columns a cell change writes, in the order of its select. */
const ACTIVITY_COLUMNS = [
  activity.actorId,
  activity.actorName,
  activity.ip,
  activity.kind,
  activity.action,
  activity.recordId,
  activity.recordLabel,
  activity.businessId,
  activity.businessName,
  activity.details,
];

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
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
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

/**
 * The activity log's entry of a cell change: who and from where, and how the entry names
 * the column and the states. Written in the change's own statement or transaction.
 */
export interface CellActivity<State> {
  actor: ActivityActor;
  kind: 'monthly_state' | 'task_state';
  /** The column's name (a service's, a task's): the entry reads '<name> MM-YYYY'. */
  columnName: string;
  /** Every state's name by the state (a monthly state's id → 'Declarado'): entries show names, not ids. */
  stateNames: ReadonlyMap<State, string>;
}

/** A cell's key in the activity log: 'businessId:column:YYYY-MM'; its label '<column name> MM-YYYY'. */
export function cellRecord(cell: CellKey, columnName: string) {
  const month = String(cell.month).padStart(2, '0');
  return {
    recordId: `${cell.businessId}:${cell.column}:${cell.year}-${month}`,
    recordLabel: `${columnName} ${month}-${cell.year}`,
  };
}

export interface CellChange<State, Value> {
  cell: CellKey;
  state: State;
  value: Value | null;
  /** The history's "from" when the cell has no row yet (it shows the board's default state). */
  initial: State | null;
  by: { id: number; name: string };
  /** The activity entry to write with the change. */
  activity?: CellActivity<State>;
}

/** A saved cell as the board shows it. */
export interface CellRow<State, Value> {
  businessId: number;
  column: number;
  state: State;
  value: Value | null;
  updatedByName: string;
  updatedAt: Date;
}

/** A saved cell of some period: its company, column, state and period. */
export interface PeriodCell<State> {
  businessId: number;
  column: number;
  state: State;
  year: number;
  month: number;
}

/** One state and value for one column's cells of many companies in a month (a bulk change). */
export interface CellsChange<State, Value> {
  businessIds: readonly number[];
  column: number;
  year: number;
  month: number;
  state: State;
  value: Value | null;
  /** The history's "from" where a cell has no row yet (it shows the board's default state). */
  initial: State | null;
  by: { id: number; name: string };
  /** One activity entry per cell written, in one statement of the change's transaction. */
  activity?: CellActivity<State>;
}

export interface SavedCells<State, Value> {
  updatedAt: Date;
  /** The companies whose cell was written, in the order asked: not those already at the state and value. */
  changed: number[];
  /** The saved cells of those companies that month among `rowColumns`, after the change. */
  rows: CellRow<State, Value>[];
}

export interface SavedCell<State, Value> {
  updatedAt: Date;
  /**
   * The saved cells of the company that month among `rowColumns`, as they were before this change;
   * when `unchanged`, the changed column's own saved cell too (as it stays).
   */
  row: CellRow<State, Value>[];
  /** The cell already had that state and value: nothing was written. */
  unchanged: boolean;
}

const name = (column: AnyPgColumn) => sql.identifier(column.name);
/** A value as one parameter of the column's SQL type (an array: `[]` of it), so any statement may use it. */
const typed = (value: unknown, column: AnyPgColumn, array = false) =>
  sql`cast(${sql.param(value)} as ${sql.raw(column.getSQLType())}${sql.raw(array ? '[]' : '')})`;

/**
 * The embedded database runs one statement or transaction at a time for the whole process (its
 * queries wait for any open transaction): a single statement there cannot meet another change.
 */
const embeddedClient = (db: Db): PGlite | undefined => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
};

const dialect = new PgDialect();
/** Each embedded database's prepared statements, by their text. */
const preparedNames = new WeakMap<PGlite, Map<string, string>>();
let preparedCount = 0;

/** A value as an SQL literal of unknown type, which PostgreSQL reads as the parameter's own type. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return pg.escapeLiteral(value instanceof Date ? value.toISOString() : String(value));
}

/**
 * Runs a statement on the embedded database through a statement prepared once per database: run
 * as a plain query, it is parsed and planned again every time, more than half of a change's CPU
 * time there (3.7 → 1.5 ms). EXECUTE takes no bind parameters: the values travel as escaped literals.
 */
async function runPrepared(client: PGlite, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const names = preparedNames.get(client) ?? new Map<string, string>();
  preparedNames.set(client, names);
  let name = names.get(text);
  if (!name) {
    name = `cell_change_${++preparedCount}`;
    await client.exec(`prepare ${name} as ${text}`);
    names.set(text, name);
  }
  const [result] = await client.exec(`execute ${name}(${params.map(literal).join(', ')})`);
  return result;
}

/**
 * A board's cell changes: one statement reads the state the change replaces, upserts the cell and
 * writes its history entry and, when asked, its activity log entry (so all are written or none), and
 * answers the row's other cells.
 * On PostgreSQL it runs in a transaction after a lock on the cell, taken by a statement of its own
 * so that the next one's snapshot sees what an earlier change of the cell committed (even one that
 * created its row): each history entry starts where the previous change left the cell. The caller
 * emits once it resolves (after commit).
 */
export function cellHistory<State extends string | number, Value>(tables: CellTables) {
  const { cells, history } = tables;
  const cellsTable = sql.identifier(getTableName(cells));
  const historyTable = sql.identifier(getTableName(history));
  const key = [cells.businessId, tables.column, cells.year, cells.month].map(name);
  const isCell = ({ businessId, column, year, month }: CellKey): SQL =>
    sql`${name(cells.businessId)} = ${businessId} and ${name(tables.column)} = ${column}
        and ${name(cells.year)} = ${year} and ${name(cells.month)} = ${month}`;

  /**
   * The activity entry's insert, a part of the change's statement (so on the embedded database too,
   * where the change runs as one statement outside a transaction, both are written or neither): the
   * state and value before are read from the statement's `previous`.
   */
  function activityInsert(change: CellChange<State, Value>, log: CellActivity<State>): SQL {
    const { cell } = change;
    const names = JSON.stringify(
      Object.fromEntries([...log.stateNames].map(([state, label]) => [String(state), label])),
    );
    const nameOf = (state: SQL) => sql`(cast(${names} as jsonb) ->> cast(${state} as text))`;
    const before = sql`coalesce((select state from previous), ${typed(change.initial, tables.state)})`;
    const actorId = log.actor.userId;
    const { recordId, recordLabel } = cellRecord(cell, log.columnName);
    return sql`insert into ${activity} (${sql.join(ACTIVITY_COLUMNS.map(name), sql`, `)})
      select cast(${actorId} as integer),
        (select trim(${users.name} || ' ' || ${users.lastName}) from ${users} where ${users.id} = cast(${actorId} as integer)),
        cast(${log.actor.ip} as text), cast(${log.kind} as text), 'updated', cast(${recordId} as text),
        cast(${recordLabel} as text), cast(${cell.businessId} as integer),
        (select ${businesses.name} from ${businesses} where ${businesses.id} = cast(${cell.businessId} as integer)),
        jsonb_build_object(
          'before', jsonb_build_object('estado', ${nameOf(before)}, 'valor', (select value from previous)),
          'after', jsonb_build_object('estado', ${nameOf(typed(change.state, tables.state))},
            'valor', ${typed(change.value, cells.value)}))
      where not (select yes from unchanged)`;
  }

  function statement(change: CellChange<State, Value>, updatedAt: Date, rowColumns: readonly number[]): SQL {
    const { cell, by } = change;
    // One lookup by the whole key per column ('offset 0' keeps them apart): a filter on the company
    // and month alone may be planned as a scan of the month's cells (the embedded database keeps
    // no statistics).
    const row = rowColumns.length
      ? sql`select json_agg(json_build_object('businessId', saved.${name(cells.businessId)},
              'column', saved.${name(tables.column)}, 'state', saved.${name(tables.state)},
              'value', saved.${name(cells.value)}, 'updatedByName', saved.${name(cells.updatedByName)},
              'updatedAt', saved.${name(cells.updatedAt)})) as row
            from unnest(array[${sql.join(
              rowColumns.map((column) => sql`${column}`),
              sql`, `,
            )}]::integer[]) as wanted(column_id)
            cross join lateral (select * from ${cellsTable} where ${name(cells.businessId)} = ${cell.businessId}
              and ${name(tables.column)} = wanted.column_id and ${name(cells.year)} = ${cell.year}
              and ${name(cells.month)} = ${cell.month} offset 0) as saved`
      : sql`select null::json as row`;
    const state = typed(change.state, tables.state);
    const value = typed(change.value, cells.value);
    // A save that changes nothing (the cell already at that state and value, or never chosen and
    // showing that state, its default) writes nothing: no history entry, no activity entry, and
    // the cell keeps who changed it last.
    return sql`
      with previous as (select ${name(tables.state)} as state, ${name(cells.value)} as value
        from ${cellsTable} where ${isCell(cell)}),
      unchanged as (select case when exists (select 1 from previous)
          then exists (select 1 from previous where state = ${state} and value is not distinct from ${value})
          else ${state} is not distinct from ${typed(change.initial, tables.state)} and ${value} is null
        end as yes),
      saved as (
        insert into ${cellsTable} (${sql.join(key, sql`, `)}, ${name(tables.state)}, ${name(cells.value)},
          ${name(cells.updatedBy)}, ${name(cells.updatedByName)}, ${name(cells.updatedAt)})
        select ${typed(cell.businessId, cells.businessId)}, ${typed(cell.column, tables.column)},
          ${typed(cell.year, cells.year)}, ${typed(cell.month, cells.month)}, ${state}, ${value},
          ${typed(by.id, cells.updatedBy)}, ${typed(by.name, cells.updatedByName)},
          ${typed(updatedAt.toISOString(), cells.updatedAt)}
        where not (select yes from unchanged)
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
        select ${typed(cell.businessId, history.businessId)}, ${typed(cell.column, tables.historyColumn)},
          ${typed(cell.year, history.year)}, ${typed(cell.month, history.month)},
          coalesce((select state from previous), ${typed(change.initial, tables.state)}), ${state}, ${value},
          ${typed(by.id, history.userId)}, ${typed(by.name, history.userName)}
        where not (select yes from unchanged)
      )${change.activity ? sql`, noted as (${activityInsert(change, change.activity)})` : sql``}
      select answer.row, (select yes from unchanged) as unchanged from (${row}) as answer`;
  }

  /** What a saved cell reads as: the board's listing and the bulk change's answer read the same. */
  const cellFields = {
    businessId: cells.businessId,
    column: tables.column,
    state: tables.state,
    value: cells.value,
    updatedByName: cells.updatedByName,
    updatedAt: cells.updatedAt,
  };
  const historyOf = (key: CellKey) =>
    and(
      eq(history.businessId, key.businessId),
      eq(tables.historyColumn, key.column),
      eq(history.year, key.year),
      eq(history.month, key.month),
    );

  return {
    /** Which history rows are the cell's (a board may join more to them). */
    historyOf,

    /**
     * A cell's changes, newest first: by id, the order they were written under the cell's lock
     * (created_at is each transaction's start, which a change that waited for the lock predates).
     */
    listHistory(db: DbOrTx, key: CellKey) {
      return db
        .select({
          id: history.id,
          fromState: tables.fromState,
          toState: tables.toState,
          value: history.value,
          userName: history.userName,
          createdAt: history.createdAt,
        })
        .from(history)
        .where(historyOf(key))
        .orderBy(desc(history.id)) as unknown as Promise<
        { id: number; fromState: State; toState: State; value: Value | null; userName: string; createdAt: Date }[]
      >;
    },

    /** The saved cells of a period (optionally of one company): the board's cells that are not defaults. */
    listForPeriod(db: DbOrTx, period: { year: number; month: number }, businessId?: number) {
      return db
        .select(cellFields)
        .from(cells)
        .where(
          and(
            eq(cells.year, period.year),
            eq(cells.month, period.month),
            businessId === undefined ? undefined : eq(cells.businessId, businessId),
          ),
        ) as unknown as Promise<CellRow<State, Value>[]>;
    },

    /** The saved cells of these periods, each with its period (the morning digest looks a few months back). */
    listForPeriods(db: DbOrTx, periods: readonly { year: number; month: number }[]) {
      if (periods.length === 0) return Promise.resolve([]);
      return db
        .select({
          businessId: cells.businessId,
          column: tables.column,
          state: tables.state,
          year: cells.year,
          month: cells.month,
        })
        .from(cells)
        .where(
          or(...periods.map((period) => and(eq(cells.year, period.year), eq(cells.month, period.month)))),
        ) as unknown as Promise<PeriodCell<State>[]>;
    },

    /**
     * Sets one column's cell of many companies in a month to one state and value (a bulk change):
     * in one transaction, after locking every cell (the same locks `change` takes, in one statement,
     * in a fixed order; one bulk change of a board at a time), reads the cells,
     * leaves those already at that state and value alone, then upserts the others and writes one
     * history entry for each in one statement (and, when asked, one activity entry for each in one
     * more). Answers which were written and their companies'
     * cells among `rowColumns` after it. The caller emits once it resolves (after commit).
     */
    async changeMany(
      db: Db,
      change: CellsChange<State, Value>,
      rowColumns: readonly number[] = [],
    ): Promise<SavedCells<State, Value>> {
      const { column, year, month, state, value, initial, by } = change;
      const updatedAt = new Date();
      const ids = [...new Set(change.businessIds)];
      if (!ids.length) return { updatedAt, changed: [], rows: [] };
      const embedded = embeddedClient(db);
      return db.transaction(async (tx) => {
        // The embedded database runs this transaction alone: nothing to lock there. On PostgreSQL
        // each advisory lock takes an entry of the server's shared lock table (~6,400 by default):
        // bulk changes of a board take their turn, so at most one holds its 2,000 at a time.
        if (!embedded) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${tables.name}:bulk`}, 0))`);
          const keys = ids.map((businessId) => `${tables.name}:${businessId}:${column}:${year}:${month}`);
          await tx.execute(sql`select count(pg_advisory_xact_lock(lock_key)) from (
              select distinct hashtextextended(key, 0) as lock_key from unnest(${sql.param(keys)}::text[]) as key
              order by lock_key offset 0) as ordered`);
        }
        const inPeriod = and(eq(cells.year, year), eq(cells.month, month));
        const previous = (await tx
          .select({ businessId: cells.businessId, state: tables.state, value: cells.value })
          .from(cells)
          .where(and(inPeriod, eq(tables.column, column), inArray(cells.businessId, ids)))) as {
          businessId: number;
          state: State;
          value: Value | null;
        }[];
        const before = new Map(previous.map((row) => [row.businessId, row]));
        const changed = ids.filter((businessId) => {
          const saved = before.get(businessId);
          return saved ? saved.state !== state || saved.value !== value : state !== initial || value !== null;
        });
        if (!changed.length) return { updatedAt, changed, rows: [] };
        const fromStates = changed.map((businessId) => before.get(businessId)?.state ?? initial);
        const fields = [tables.state, cells.value, cells.updatedBy, cells.updatedByName, cells.updatedAt];
        await tx.execute(sql`
          with wanted as (
            select * from unnest(${typed(changed, cells.businessId, true)}, ${typed(fromStates, tables.state, true)})
              with ordinality as wanted(business_id, from_state, position)
          ),
          saved as (
            insert into ${cellsTable} (${sql.join(key, sql`, `)}, ${sql.join(fields.map(name), sql`, `)})
            select business_id, ${typed(column, tables.column)}, ${typed(year, cells.year)}, ${typed(month, cells.month)},
              ${typed(state, tables.state)}, ${typed(value, cells.value)}, ${typed(by.id, cells.updatedBy)},
              ${typed(by.name, cells.updatedByName)}, ${typed(updatedAt.toISOString(), cells.updatedAt)}
            from wanted
            on conflict (${sql.join(key, sql`, `)}) do update set ${sql.join(
              fields.map((field) => sql`${name(field)} = excluded.${name(field)}`),
              sql`, `,
            )}
          )
          insert into ${historyTable} (${name(history.businessId)}, ${name(tables.historyColumn)}, ${name(history.year)},
            ${name(history.month)}, ${name(tables.fromState)}, ${name(tables.toState)}, ${name(history.value)},
            ${name(history.userId)}, ${name(history.userName)})
          select business_id, ${typed(column, tables.historyColumn)}, ${typed(year, history.year)},
            ${typed(month, history.month)}, from_state, ${typed(state, tables.toState)}, ${typed(value, history.value)},
            ${typed(by.id, history.userId)}, ${typed(by.name, history.userName)}
          from wanted order by position`);
        const log = change.activity;
        if (log) {
          // One entry per cell written, all in one statement; the cells' values travel as a few arrays
          // (not thousands of bind parameters, slow on the embedded database), as the change above.
          const stateName = (one: State | null) => (one === null ? null : (log.stateNames.get(one) ?? null));
          const fromNames = changed.map((businessId) => {
            const saved = before.get(businessId);
            return stateName(saved ? saved.state : initial);
          });
          const fromValues = changed.map((businessId) => before.get(businessId)?.value ?? null);
          const { recordId, recordLabel } = cellRecord({ businessId: 0, column, year, month }, log.columnName);
          const idSuffix = recordId.slice(1); // ':column:YYYY-MM'
          await tx.execute(sql`
            insert into ${activity} (${sql.join(ACTIVITY_COLUMNS.map(name), sql`, `)})
            select cast(${log.actor.userId} as integer),
              (select trim(${users.name} || ' ' || ${users.lastName}) from ${users}
                where ${users.id} = cast(${log.actor.userId} as integer)),
              cast(${log.actor.ip} as text), cast(${log.kind} as text), 'updated',
              wanted.business_id || cast(${idSuffix} as text), cast(${recordLabel} as text), wanted.business_id,
              (select ${businesses.name} from ${businesses} where ${businesses.id} = wanted.business_id),
              jsonb_build_object(
                'before', jsonb_build_object('estado', wanted.from_name, 'valor', wanted.from_value),
                'after', jsonb_build_object('estado', cast(${stateName(state)} as text), 'valor', ${typed(value, cells.value)}))
            from unnest(${typed(changed, cells.businessId, true)}, cast(${sql.param(fromNames)} as text[]),
              ${typed(fromValues, cells.value, true)}) with ordinality as wanted(business_id, from_name, from_value, position)
            order by position`);
        }
        const rows = rowColumns.length
          ? ((await tx
              .select(cellFields)
              .from(cells)
              .where(
                and(inPeriod, inArray(cells.businessId, changed), inArray(tables.column, [...rowColumns])),
              )) as CellRow<State, Value>[])
          : [];
        return { updatedAt, changed, rows };
      });
    },

    /** Saves the change; `rowColumns`: the row's other columns whose saved cells to answer. */
    async change(
      db: Db,
      change: CellChange<State, Value>,
      rowColumns: readonly number[] = [],
    ): Promise<SavedCell<State, Value>> {
      const { cell } = change;
      const updatedAt = new Date();
      // The row's cells with the changed one too: the answer when the save changes nothing.
      const others = rowColumns.length ? [...rowColumns.filter((column) => column !== cell.column), cell.column] : [];
      const lock = `${tables.name}:${cell.businessId}:${cell.column}:${cell.year}:${cell.month}`;
      const embedded = embeddedClient(db);
      const result = embedded
        ? await runPrepared(embedded, statement(change, updatedAt, others))
        : await db.transaction(async (tx) => {
            await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${lock}, 0))`);
            return tx.execute(statement(change, updatedAt, others));
          });
      // json arrives parsed from node-postgres and PGlite alike; its timestamps as text.
      const [answer] = (
        result as unknown as {
          rows: { row: (CellRow<State, Value> & { updatedAt: string })[] | null; unchanged: boolean }[];
        }
      ).rows;
      const unchanged = answer?.unchanged === true;
      return {
        updatedAt,
        // Read before the change: the changed cell's own row is the old one, left out unless it stays.
        row: (answer?.row ?? [])
          .filter((saved) => unchanged || saved.column !== cell.column)
          .map((saved) => ({ ...saved, updatedAt: new Date(saved.updatedAt) })),
        unchanged,
      };
    },
  };
}
