import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** Rows of db.execute: node-postgres answers { rows }, PGlite the same through Drizzle, older shapes an array. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** A version number read as text (bigint), '0' when its row is missing. */
export async function readVersion(db: DbOrTx, query: SQL): Promise<string> {
  return rowsOf<{ version: string }>(await db.execute(query))[0]?.version ?? '0';
}

/** The number a trigger moves on every change of the list's table (migration 0008). */
export const listVersion = (db: DbOrTx, name: 'businesses') =>
  readVersion(db, sql`select version::text as version from list_versions where name = ${name}`);
