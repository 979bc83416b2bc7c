import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessGroups } from '../modules/groups/groups.tables.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { type Database, openDatabase } from './client.ts';
import { createScratchDatabase } from './scratch-database.ts';

async function until(check: () => boolean, timeoutMs = 5000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * On PostgreSQL a change is heard once per listening connection (each pooled one, and the
 * listener): the late copies of an earlier write are let in before a "nothing moved" check.
 */
async function settled(database: Database, tables: string[]) {
  for (;;) {
    const version = database.changes.versionOf(tables);
    await new Promise((resolve) => setTimeout(resolve, 150));
    if (database.changes.versionOf(tables) === version) return version;
  }
}

describe('table changes heard from the database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await until(() => database.changes.versionOf([]) !== null);
  });
  afterAll(() => database.close());

  it("moves a table's version by the time this instance's own write resolves, and only that table's", async () => {
    const groupsBefore = database.changes.versionOf(['business_groups']);
    const usersBefore = await settled(database, ['users']);
    await database.db.insert(businessGroups).values({ name: 'Grupo A', description: '' });
    expect(database.changes.versionOf(['business_groups'])).not.toBe(groupsBefore);
    expect(database.changes.versionOf(['users'])).toBe(usersBefore);
  });

  it('moves it at the commit of a transaction, and not for a rolled-back one', async () => {
    const before = await settled(database, ['business_groups']);
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(businessGroups).values({ name: 'Grupo B', description: '' });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(database.changes.versionOf(['business_groups'])).toBe(before);
    await database.db.transaction(async (tx) => {
      await tx.insert(businessGroups).values({ name: 'Grupo C', description: '' });
    });
    expect(database.changes.versionOf(['business_groups'])).not.toBe(before);
  });
});

describe.runIf(process.env.DATABASE_URL)('table changes between two instances on PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'changes');
    first = await openDatabase({ kind: 'postgres', url: scratch.url });
    second = await openDatabase({ kind: 'postgres', url: scratch.url });
    await until(() => first.changes.versionOf([]) !== null && second.changes.versionOf([]) !== null);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await scratch?.drop();
  });

  it("hears the other instance's write", async () => {
    const before = second.changes.versionOf(['business_groups']);
    await first.db.insert(businessGroups).values({ name: 'Grupo remoto', description: '' });
    await until(() => second.changes.versionOf(['business_groups']) !== before);
  });

  it('answers null while its listening connection is down, and a new key once it is back', async () => {
    const before = second.changes.versionOf(['business_groups']);
    // Every connection of the second instance, its listener included, is cut by the server.
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
    );
    await admin.end();
    await until(() => second.changes.versionOf(['business_groups']) === null);
    await until(() => second.changes.versionOf(['business_groups']) !== null);
    expect(second.changes.versionOf(['business_groups'])).not.toBe(before);
    // Still hearing the other instance after reconnecting.
    const reconnected = second.changes.versionOf(['business_groups']);
    await first.db.execute(sql`insert into business_groups (name, description) values ('Otro', '')`);
    await until(() => second.changes.versionOf(['business_groups']) !== reconnected);
  });
});
