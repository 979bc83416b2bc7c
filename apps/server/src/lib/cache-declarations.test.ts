import { currentPeriod, santiagoDate } from '@app/shared/period';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { businesses } from '../modules/businesses/businesses.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { createTableCache, declaredCaches, loadingCaches, traceCacheLoads } from './table-cache.ts';

/** The tables a statement names after from, join, into or update (CTE names are not tables). */
function tablesIn(text: string, tables: ReadonlySet<string>): string[] {
  const named = [...text.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_][a-z0-9_]*)"?/gi)].map((match) => match[1]);
  return named.filter((name): name is string => name !== undefined && tables.has(name));
}

/** Calls `seen` with the text of every statement the app sends outside a transaction (what loaders run). */
function logQueries(database: Database, seen: (text: string) => void) {
  const client = (database.db as unknown as { $client: { query(...args: unknown[]): Promise<unknown> } }).$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    const [first] = args;
    seen(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
    return query(...args);
  };
}

describe('every cache names every table its loader reads (else a write there would leave it stale)', () => {
  let database: Database;
  let t: TestApp;
  let stopTracing: () => void;
  /** Each cache that loaded, with the tables read on its behalf: its own queries and the caches it used. */
  const read = new Map<string, Set<string>>();
  const readBy = (caches: readonly string[], tables: readonly string[]) => {
    for (const cache of caches) for (const table of tables) read.get(cache)?.add(table);
  };
  const undeclaredReads = () =>
    Object.fromEntries(
      [...read]
        .map(([cache, tables]) => [cache, [...tables].filter((table) => !declaredCaches.get(cache)?.includes(table))])
        .filter(([, tables]) => tables !== undefined && tables.length > 0),
    );

  beforeAll(async () => {
    // Only the caches of the app built below: files run earlier in this worker declared their own.
    declaredCaches.clear();
    database = await openTestDatabase();
    const result = await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`);
    const tables = new Set((result as unknown as { rows: { tablename: string }[] }).rows.map((row) => row.tablename));
    logQueries(database, (text) => readBy(loadingCaches(), tablesIn(text, tables)));
    stopTracing = traceCacheLoads({
      loading: (cache) => read.set(cache, read.get(cache) ?? new Set()),
      read: readBy,
    });
    t = await createTestApp({}, { database });
  });
  afterAll(async () => {
    stopTracing();
    await t.close();
    await database.close();
  });

  it('loads every cache of the app through its routes, and none reads a table it does not name', async () => {
    const owner = await t.ownerToken();
    const get = async (url: string) => {
      const response = await t.request({ method: 'GET', url, token: owner });
      expect(response.statusCode, url).toBe(200);
    };
    const company = await insertBusiness(t, { startContract: '2020-01-01' });
    const f29 = await createServiceWithStates(t, 'F29 caché', [{ name: 'Pendiente', pctProgress: 0 }]);
    await linkService(t, company.id, f29.serviceId);
    const group = await t.request({
      method: 'POST',
      url: '/api/business-group',
      token: owner,
      payload: { name: 'Grupo declarado', description: '', businessesIds: [company.id] },
    });
    await t.request({
      method: 'POST',
      url: '/api/utils/send-email',
      token: owner,
      payload: { emails: ['contacto@empresa.cl'], subject: 'Aviso', content: 'Hola', businessId: company.id },
    });

    const terms = await t.request({
      method: 'POST',
      url: `/api/billing/business/${company.id}/terms`,
      token: owner,
      payload: {
        effectiveFrom: { year: 2020, month: 1 },
        currency: 'CLP',
        amount: '100.000',
        documentType: 'factura_afecta',
        billingDay: 1,
        paymentTermDays: 10,
      },
    });
    expect(terms.statusCode).toBe(201);
    const billingMonth = santiagoDate().slice(0, 7).split('-').map(Number);
    const generated = await t.request({
      method: 'POST',
      url: '/api/billing/charges/generate',
      token: owner,
      payload: { year: billingMonth[0], month: billingMonth[1] },
    });
    expect(generated.json().created).toBe(1);
    const [charge] = (
      await t.request({
        method: 'GET',
        url: `/api/billing/charges?year=${billingMonth[0]}&month=${billingMonth[1]}`,
        token: owner,
      })
    ).json().charges;
    await t.request({
      method: 'POST',
      url: `/api/billing/charges/${charge.id}/void`,
      token: owner,
      payload: { reason: 'Prueba de caché' },
    });

    const period = currentPeriod();
    const boardUrl = `/api/monthly-states/year/${period.year}/month/${period.month}`;
    for (const url of [
      '/api/business',
      '/api/business/active',
      '/api/user',
      '/api/user/me',
      '/api/email?page=1&size=30',
      '/api/business-group',
      `/api/business-group/${group.json().group.id}`,
      '/api/requests/to-review',
      `/api/requests?year=${period.year}&month=${period.month}`,
      boardUrl,
      `/api/billing/charges?year=${billingMonth[0]}&month=${billingMonth[1]}`,
      `/api/billing/collections?group=${group.json().group.id}`,
      '/api/panel/progress',
      '/api/panel/punctuality',
      '/api/panel/workload',
      '/api/panel/requests-age',
      '/api/panel/billing',
    ]) {
      await get(url);
    }
    const changed = await t.request({
      method: 'PUT',
      url: boardUrl,
      token: owner,
      payload: { businessId: company.id, serviceId: f29.serviceId, stateId: f29.stateIds[0] },
    });
    expect(changed.statusCode).toBe(200);

    expect([...declaredCaches.keys()].filter((cache) => !read.has(cache))).toEqual([]);
    expect(read.get('monthly-board')).toContain('monthly_states');
    expect(read.get('monthly-board')).toContain('business_services');
    expect(undeclaredReads()).toEqual({});
  });

  it('fails for a cache whose loader reads a table it does not name', async () => {
    const wrong = createTableCache(database.changes, { name: 'declared-wrongly', tables: [users], maxEntries: 1 });
    await wrong.get('all', () => database.db.select().from(businesses));
    expect(undeclaredReads()).toEqual({ 'declared-wrongly': ['businesses'] });
  });
});
