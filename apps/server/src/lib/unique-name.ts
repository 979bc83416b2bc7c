import { type SQL, sql } from 'drizzle-orm';
import { conflict } from './app-error.ts';

/** A name as people tell names apart: case, the encoding of accents and runs of spaces do not count. */
export const nameKey = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('es-CL');

/**
 * Refuses (409 on the field `name`) a name another record of the same kind already has. It takes
 * a lock held until the transaction ends before reading the names, so two writes of the same name
 * cannot both find it free; call it inside the transaction that writes the name.
 */
export async function assertNameFree<Tx extends { execute(query: SQL): PromiseLike<unknown> }>(
  tx: Tx,
  kind: string,
  listNames: (tx: Tx) => Promise<{ id: number; name: string }[]>,
  name: string,
  ownId: number | null,
  message: string,
): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${kind}:name`}, 0))`);
  const key = nameKey(name);
  const records = await listNames(tx);
  // A record that keeps its name may be saved even if an older duplicate (from before this rule) exists.
  if (records.some((record) => record.id === ownId && nameKey(record.name) === key)) return;
  const taken = records.some((record) => record.id !== ownId && nameKey(record.name) === key);
  if (taken) throw conflict(message, 'name');
}
