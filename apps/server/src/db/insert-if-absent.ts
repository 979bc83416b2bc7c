import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/**
 * Inserts a row unless its key is taken, in one statement: true when this call inserted it. A
 * claim that decides, among ticks, instances and restarts, who sends something once.
 */
export async function insertIfAbsent<Table extends PgTable>(
  db: DbOrTx,
  table: Table,
  values: PgInsertValue<Table>,
): Promise<boolean> {
  const inserted = await db.insert(table).values(values).onConflictDoNothing().returning();
  return inserted.length > 0;
}
