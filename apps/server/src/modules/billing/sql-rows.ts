import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The rows a raw query answers, typed by the caller (both drivers answer `{ rows }`). */
export async function selectRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
