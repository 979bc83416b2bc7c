import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { TABLE_NAME } from './archive.ts';
import { backupRuns } from './backup.tables.ts';

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ident = (name: string) => {
  if (!TABLE_NAME.test(name)) throw new Error(`nombre inválido: ${name}`);
  return sql.raw(`"public"."${name}"`);
};

/** The application's tables (schema public), by name. */
export async function listTables(db: DbOrTx): Promise<string[]> {
  const found = await rows<{ name: string }>(
    db,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return found.map((row) => row.name);
}

/**
 * Every row of a table as JSON text, in pages read through a cursor (never the whole table in
 * memory); `write` may wait (back-pressure) before the next page is read.
 */
export async function readRows(tx: DbOrTx, table: string, write: (lines: string[]) => Promise<void>): Promise<number> {
  await tx.execute(
    sql`DECLARE backup_rows NO SCROLL CURSOR FOR SELECT row_to_json(t)::text AS j FROM ${ident(table)} t`,
  );
  let count = 0;
  for (;;) {
    const page = await rows<{ j: string }>(tx, sql`FETCH 10000 FROM backup_rows`);
    if (page.length === 0) break;
    count += page.length;
    await write(page.map((row) => row.j));
  }
  await tx.execute(sql`CLOSE backup_rows`);
  return count;
}

/** Each sequence of the app's tables with where it stands (ids of deleted rows are never handed out again). */
export async function listSequences(db: DbOrTx) {
  const names = await rows<{ name: string }>(
    db,
    sql`SELECT sequencename AS name FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
  );
  const sequences: { name: string; lastValue: string | null; isCalled: boolean }[] = [];
  for (const { name } of names) {
    const [state] = await rows<{ last_value: string; is_called: boolean }>(
      db,
      sql`SELECT last_value::text AS last_value, is_called FROM ${ident(name)}`,
    );
    sequences.push({ name, lastValue: state?.last_value ?? null, isCalled: Boolean(state?.is_called) });
  }
  return sequences;
}

/** The migrations drizzle recorded as applied, oldest first; none when the database was never migrated. */
export async function appliedMigrations(db: DbOrTx): Promise<{ hash: string; createdAt: string }[]> {
  const [exists] = await rows<{ found: boolean }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS found`,
  );
  if (!exists?.found) return [];
  const found = await rows<{ hash: string; created_at: string }>(
    db,
    sql`SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  );
  return found.map((row) => ({ hash: row.hash, createdAt: row.created_at }));
}

/**
 * Every stored file's key and name: the company documents, the PDFs uploaded with an approval request,
 * the messages' attachments and the payment receipts clients sent (the backup reads every table; their
 * bytes go into the archive).
 */
const STORED_FILES = sql`SELECT storage_key, name FROM business_files
  UNION ALL SELECT storage_key, document_name FROM approvals WHERE storage_key IS NOT NULL
  UNION ALL SELECT storage_key, name FROM message_attachments
  UNION ALL SELECT receipt_file_key, 'comprobante-' || id FROM billing_payments WHERE receipt_file_key IS NOT NULL`;

/** The storage key of every stored file the database names. */
export async function storageKeys(db: DbOrTx): Promise<string[]> {
  const found = await rows<{ key: string }>(
    db,
    sql`SELECT DISTINCT storage_key AS key FROM (${STORED_FILES}) f ORDER BY key`,
  );
  return found.map((row) => row.key);
}

/** Of `keys`, those a stored file's row still names now (outside any snapshot): the others were deleted meanwhile. */
export async function keysStillNamed(db: DbOrTx, keys: string[]): Promise<Set<string>> {
  const named = new Set<string>();
  for (let start = 0; start < keys.length; start += 1000) {
    const page = keys.slice(start, start + 1000);
    const found = await rows<{ key: string }>(
      db,
      sql`SELECT storage_key AS key FROM (${STORED_FILES}) f WHERE storage_key IN (${sql.join(
        page.map((key) => sql`${key}`),
        sql`, `,
      )})`,
    );
    for (const row of found) named.add(row.key);
  }
  return named;
}

/** Each stored file's key with the name a person knows it by (the restore's report of missing bytes). */
export async function storedFiles(db: DbOrTx): Promise<{ key: string; name: string }[]> {
  return rows<{ key: string; name: string }>(
    db,
    sql`SELECT DISTINCT ON (storage_key) storage_key AS key, name FROM (${STORED_FILES}) f ORDER BY storage_key`,
  );
}

/** Whether the database holds any table of ours (or drizzle's record of migrations). */
export async function hasTables(db: DbOrTx): Promise<boolean> {
  const [found] = await rows<{ count: string }>(
    db,
    sql`SELECT count(*)::text AS count FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`,
  );
  return Number(found?.count ?? 0) > 0;
}

/** Empties a PostgreSQL database of everything the app made (restore --force). */
export async function dropEverything(db: DbOrTx) {
  await db.execute(sql`DROP SCHEMA IF EXISTS drizzle CASCADE`);
  await db.execute(sql`DROP SCHEMA IF EXISTS public CASCADE`);
  await db.execute(sql`CREATE SCHEMA public`);
}

export async function foreignKeys(db: DbOrTx) {
  return rows<{ table: string; name: string; definition: string }>(
    db,
    sql`SELECT cl.relname AS table, co.conname AS name, pg_get_constraintdef(co.oid) AS definition
        FROM pg_constraint co JOIN pg_class cl ON cl.oid = co.conrelid JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE co.contype = 'f' AND n.nspname = 'public' ORDER BY cl.relname, co.conname`,
  );
}

export async function dropForeignKey(tx: DbOrTx, table: string, name: string) {
  await tx.execute(sql`ALTER TABLE ${ident(table)} DROP CONSTRAINT ${sql.raw(`"${name.replaceAll('"', '""')}"`)}`);
}

export async function addForeignKey(tx: DbOrTx, table: string, name: string, definition: string) {
  await tx.execute(
    sql`ALTER TABLE ${ident(table)} ADD CONSTRAINT ${sql.raw(`"${name.replaceAll('"', '""')}"`)} ${sql.raw(definition)}`,
  );
}

/** Turns the table's own triggers (change notices, version counters) off or back on; not the foreign keys'. */
export async function setUserTriggers(tx: DbOrTx, table: string, enabled: boolean) {
  await tx.execute(sql`ALTER TABLE ${ident(table)} ${sql.raw(enabled ? 'ENABLE' : 'DISABLE')} TRIGGER USER`);
}

export async function clearTable(tx: DbOrTx, table: string) {
  await tx.execute(sql`DELETE FROM ${ident(table)}`);
}

/** Inserts rows given as row_to_json text, read back by PostgreSQL with the table's own types. */
export async function insertRows(tx: DbOrTx, table: string, lines: string[]) {
  if (lines.length === 0) return;
  await tx.execute(
    sql`INSERT INTO ${ident(table)} SELECT * FROM json_populate_recordset(NULL::${ident(table)}, ${`[${lines.join(',')}]`}::json)`,
  );
}

export async function countRows(tx: DbOrTx, table: string): Promise<number> {
  const [found] = await rows<{ count: string }>(tx, sql`SELECT count(*)::text AS count FROM ${ident(table)}`);
  return Number(found?.count ?? 0);
}

export async function setSequence(tx: DbOrTx, name: string, lastValue: string | null, isCalled: boolean) {
  if (lastValue === null) return;
  await tx.execute(sql`SELECT setval(${`"public"."${name}"`}::regclass, ${lastValue}::bigint, ${isCalled})`);
}

/** Claims a scheduled backup moment: true for the one instance whose insert wins. */
export async function claimRun(db: DbOrTx, slot: string): Promise<boolean> {
  const claimed = await db
    .insert(backupRuns)
    .values({ slot })
    .onConflictDoNothing()
    .returning({ slot: backupRuns.slot });
  return claimed.length > 0;
}

export async function finishRun(db: DbOrTx, slot: string, outcome: { archive?: string; error?: string }) {
  await db
    .update(backupRuns)
    .set({ finishedAt: new Date(), archive: outcome.archive ?? null, error: outcome.error ?? null })
    .where(eq(backupRuns.slot, slot));
}
