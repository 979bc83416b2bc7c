import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';
import { users } from '../modules/users/users.tables.ts';
import { insertBusiness } from '../test/factories.ts';
import { createTestApp, OWNER, type TestApp } from '../test/test-app.ts';
import type { TableChanges } from './table-cache.ts';
import { cachedTables, createBuiltJsonCache, createTableCache } from './table-cache.ts';

function fakeChanges() {
  const counts = new Map<string, number>();
  let listening = true;
  const changes: TableChanges = {
    versionOf: (tables) => (listening ? tables.map((table) => counts.get(table) ?? 0).join('.') : null),
    close: async () => {},
  };
  return {
    changes,
    change: (table: string) => counts.set(table, (counts.get(table) ?? 0) + 1),
    setListening: (value: boolean) => {
      listening = value;
    },
  };
}

describe('the table cache', () => {
  it('loads once while its tables hold, and again after one of them changes', async () => {
    const fake = fakeChanges();
    const cache = createTableCache<number>(fake.changes, { name: 'test-1', tables: [users], maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    fake.change('businesses');
    expect(await cache.get('a', load)).toBe(1);
    fake.change('users');
    expect(await cache.get('a', load)).toBe(2);
  });

  it('keeps nothing while changes cannot be heard', async () => {
    const fake = fakeChanges();
    fake.setListening(false);
    const cache = createTableCache<number>(fake.changes, { name: 'test-2', tables: [users], maxEntries: 10 });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('keeps at most maxEntries keys, the least recently used leaving first', async () => {
    const fake = fakeChanges();
    const cache = createTableCache<string>(fake.changes, { name: 'test-3', tables: [users], maxEntries: 2 });
    const loaded: string[] = [];
    const load = (key: string) => async () => {
      loaded.push(key);
      return key;
    };
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    await cache.get('a', load('a')); // a is now the most recent
    await cache.get('c', load('c')); // b leaves
    await cache.get('a', load('a'));
    await cache.get('b', load('b'));
    expect(loaded).toEqual(['a', 'b', 'c', 'b']);
  });

  it('shares one load among gets that miss at the same time', async () => {
    const fake = fakeChanges();
    const cache = createTableCache<number>(fake.changes, { name: 'test-4', tables: [users], maxEntries: 10 });
    let loads = 0;
    let finish: (value: number) => void = () => {};
    const load = () => {
      loads += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const together = [cache.get('a', load), cache.get('a', load), cache.get('a', load)];
    finish(5);
    expect(await Promise.all(together)).toEqual([5, 5, 5]);
    expect(loads).toBe(1);
  });

  it('checks each value against its schema when it loads, and keeps none that breaks it', async () => {
    const fake = fakeChanges();
    const cache = createTableCache(fake.changes, {
      name: 'test-schema',
      tables: [users],
      maxEntries: 10,
      schema: z.object({ count: z.number().int() }),
    });
    await expect(cache.get('a', async () => ({ count: 1.5 }))).rejects.toThrow();
    expect(await cache.get('a', async () => ({ count: 2 }))).toEqual({ count: 2 });
  });

  it('builds JSON through the response schema, as the route would send it: nothing the schema leaves out', async () => {
    const fake = fakeChanges();
    const cache = createBuiltJsonCache(fake.changes, {
      name: 'test-built',
      tables: [users],
      maxEntries: 10,
      schema: z.array(z.object({ id: z.number(), name: z.string() })),
    });
    const built = await cache.get('list', async () => [{ id: 1, name: 'Ana', passwordHash: 'secreto' }]);
    expect(JSON.parse(built.json.toString())).toEqual([{ id: 1, name: 'Ana' }]);
    await expect(cache.get('other', async () => [{ id: 'uno', name: 'Ana' }] as never)).rejects.toThrow();
  });

  it('refuses a second cache of the same name that reads other tables', () => {
    const fake = fakeChanges();
    createTableCache(fake.changes, { name: 'test-twice', tables: [users], maxEntries: 1 });
    expect(() => createTableCache(fake.changes, { name: 'test-twice', tables: [], maxEntries: 1 })).toThrow(
      'two caches are named test-twice',
    );
  });

  it('never keeps a failed load', async () => {
    const fake = fakeChanges();
    const cache = createTableCache<number>(fake.changes, { name: 'test-5', tables: [users], maxEntries: 10 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});

describe('answers kept in memory follow every write at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('every table a cache of the app depends on notifies its changes (else that cache would go stale)', async () => {
    expect(cachedTables().size).toBeGreaterThan(5);
    const result = await t.database.db.execute(
      sql`select distinct c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
          join pg_proc p on p.oid = g.tgfoid where p.proname = 'notify_table_change' and not g.tgisinternal`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { name: string }[] }).rows) as { name: string }[];
    const notifying = new Set(rows.map((row) => row.name));
    expect([...cachedTables()].filter((table) => !notifying.has(table))).toEqual([]);
  });

  it('a demoted owner loses owner rights at the next request, and sees the new role in /api/user/me', async () => {
    const second = await t.userWithRole('owner');
    expect((await t.request({ method: 'GET', url: '/api/user', token: second.token })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: second.token })).json().role).toBe('owner');
    const demoted = await t.request({
      method: 'PUT',
      url: `/api/user/${second.id}`,
      token: await t.ownerToken(),
      payload: { name: 'Usuario', lastName: 'owner', email: second.email, role: 'collaborator' },
    });
    expect(demoted.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', token: second.token })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: second.token })).json().role).toBe(
      'collaborator',
    );
  });

  it("a client's token stops working the moment their company is deleted", async () => {
    const owner = await t.ownerToken();
    const { id: businessId } = await insertBusiness(t);
    const client = await t.userWithRole('client', { businessId });
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: client.token })).statusCode).toBe(200);
    await t.request({ method: 'DELETE', url: `/api/business/${businessId}`, token: owner });
    expect((await t.request({ method: 'GET', url: '/api/user/me', token: client.token })).statusCode).toBe(401);
  });

  it('the e-mail log, the staff list and a group show a write in the very next read', async () => {
    const owner = await t.ownerToken();
    const before = (await t.request({ method: 'GET', url: '/api/email?page=1&size=30', token: owner })).json();
    await t.request({
      method: 'POST',
      url: '/api/utils/send-email',
      token: owner,
      payload: { emails: ['contacto@empresa.cl'], subject: 'Aviso', content: 'Hola' },
    });
    const after = (await t.request({ method: 'GET', url: '/api/email?page=1&size=30', token: owner })).json();
    expect(after.count).toBe(before.count + 1);
    expect(after.rows[0].subject).toBe('Aviso');

    const staffBefore = (await t.request({ method: 'GET', url: '/api/user', token: owner })).json().length;
    await t.userWithRole('collaborator');
    expect((await t.request({ method: 'GET', url: '/api/user', token: owner })).json()).toHaveLength(staffBefore + 1);

    const company = await insertBusiness(t);
    const group = await t.request({
      method: 'POST',
      url: '/api/business-group',
      token: owner,
      payload: { name: 'Grupo caché', description: '', businessesIds: [] },
    });
    const groupId = group.json().group.id;
    expect(
      (await t.request({ method: 'GET', url: `/api/business-group/${groupId}`, token: owner })).json().group,
    ).toMatchObject({ businessesIds: [] });
    await t.request({
      method: 'PUT',
      url: `/api/business-group/${groupId}`,
      token: owner,
      payload: { name: 'Grupo caché', description: '', businessesIds: [company.id] },
    });
    expect(
      (await t.request({ method: 'GET', url: `/api/business-group/${groupId}`, token: owner })).json().group,
    ).toMatchObject({ businessesIds: [company.id] });
  });
});

/** Until `check` passes: another instance hears a change a few milliseconds after its commit. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 3000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('not seen by the other instance in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let databases: Database[] = [];
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'instances');
    databases = [
      await openDatabase({ kind: 'postgres', url: scratch.url }),
      await openDatabase({ kind: 'postgres', url: scratch.url }),
    ];
    // Two instances of one firm: one database, one token secret.
    const env = { TOKEN_SECRET: 'secreto-de-prueba-compartido-por-dos-instancias' };
    first = await createTestApp(env, { database: databases[0] });
    second = await createTestApp(env, { database: databases[1] });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    for (const database of databases) await database.close();
    await scratch?.drop();
  });

  it('a logout on one instance ends the token on the other', async () => {
    const token = await first.login(OWNER.email, OWNER.password);
    const me = () => second.request({ method: 'GET', url: '/api/user/me', token });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200); // now kept in the second instance's memory
    await first.request({ method: 'POST', url: '/api/logout', token });
    await eventually(async () => (await me()).statusCode === 401);
  });

  it("a company created on one instance is in the other's list", async () => {
    const token = await first.login(OWNER.email, OWNER.password);
    const list = async () =>
      (await second.request({ method: 'GET', url: '/api/business', token })).json() as { id: number }[];
    const before = await list();
    const { id } = await insertBusiness(first);
    expect(before.some((business) => business.id === id)).toBe(false);
    await eventually(async () => (await list()).some((business) => business.id === id));
  });
});
