import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Test support: every insert into `table` fails ('disco lleno') until the answered function runs,
 * so a test can break one write of a statement or transaction inside the database itself.
 */
export async function failInsertsInto(db: Db, table: PgTable): Promise<() => Promise<void>> {
  const name = getTableName(table);
  const trigger = sql.identifier(`fail_insert_${name}`);
  await db.execute(sql`create function ${trigger}() returns trigger language plpgsql
    as $$ begin raise exception 'disco lleno'; end $$`);
  await db.execute(
    sql`create trigger ${trigger} before insert on ${sql.identifier(name)} for each row execute function ${trigger}()`,
  );
  return async () => {
    await db.execute(sql`drop trigger ${trigger} on ${sql.identifier(name)}`);
    await db.execute(sql`drop function ${trigger}()`);
  };
}
