import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businesses } from '../modules/businesses/businesses.tables.ts';
import { nextRut } from '../test/factories.ts';
import { startTcpProxy, throughProxy } from '../test/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { type Database, openDatabase } from './client.ts';
import { createScratchDatabase } from './scratch-database.ts';

// Outages: a PostgreSQL restart under a write load loses no acknowledged write, and the
// server serves again at once. Restarting the machine's PostgreSQL would hit every other test using
// it, so the app reaches its database through a TCP proxy of this test's own, which cuts every
// connection at once and refuses new ones for a moment — harsher than a restart, which lets
// PostgreSQL tell its clients it is shutting down — then lets them through again.
const serverUrl = process.env.DATABASE_URL;

describe.runIf(serverUrl)('PostgreSQL going away under a write load', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let direct: Database;
  let proxied: Database;
  let t: TestApp;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '', 'pgoutage');
    const target = new URL(scratch.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    proxied = await openDatabase({ kind: 'postgres', url: throughProxy(scratch.url, proxy) });
    direct = await openDatabase({ kind: 'postgres', url: scratch.url });
    t = await createTestApp({}, { database: proxied });
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
    await direct?.close();
    await proxy?.close();
    await scratch?.drop();
  });

  it('keeps every acknowledged create, answers 503 (never 500) while it is away, serves again within a second and lists every company afterwards', async () => {
    const token = await t.ownerToken();
    const outcomes: Array<{ rut: string; status: number; at: number }> = [];
    let running = true;
    const create = async () => {
      const rut = nextRut();
      const response = await t.request({
        method: 'POST',
        url: '/api/business',
        token,
        payload: {
          name: `Empresa ${rut.typed}`,
          razonSocial: `Empresa ${rut.typed} SpA`,
          rut: rut.typed,
          startContract: '2023-01-01',
          endContract: '2030-12-31',
          legalRepresentative: 'Ana Pérez',
          contact: 'ana@aromos.cl',
        },
      });
      outcomes.push({ rut: rut.formatted, status: response.statusCode, at: Date.now() });
    };
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (running) await create();
      }),
    );
    const waitFor = async (count: number) => {
      while (outcomes.length < count) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    await waitFor(40);
    proxy.cut();
    const cutAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 300)); // the restart
    proxy.restore();
    const restoredAt = Date.now();
    while (Date.now() < restoredAt + 2000) await new Promise((resolve) => setTimeout(resolve, 20));
    running = false;
    await load;

    const acknowledged = outcomes.filter((outcome) => outcome.status === 201).map((outcome) => outcome.rut);
    const stored = new Set((await direct.db.select({ rut: businesses.rut }).from(businesses)).map((row) => row.rut));
    expect(acknowledged.filter((rut) => !stored.has(rut))).toEqual([]);
    // Those that failed said the database was out of reach (503, to be sent again), never 500.
    expect([...new Set(outcomes.map((outcome) => outcome.status))].filter((status) => status !== 201)).toEqual(
      outcomes.some((outcome) => outcome.status !== 201) ? [503] : [],
    );
    // Requests in flight when the connections were cut may fail; none a second after it is back.
    const late = outcomes.filter((outcome) => outcome.at > restoredAt + 1000);
    expect(late.length).toBeGreaterThan(20);
    expect(late.filter((outcome) => outcome.status !== 201)).toEqual([]);
    const failed = outcomes.filter((outcome) => outcome.status !== 201);
    const firstServedAgain = outcomes.find((outcome) => outcome.at > restoredAt && outcome.status === 201);
    console.info(
      `${outcomes.length} creates on 4 connections, ${acknowledged.length} acknowledged (all kept), ${failed.length} failed (${[...new Set(failed.map((outcome) => outcome.status))].join(', ')}) around a 300 ms cut; served again ${(firstServedAgain?.at ?? Number.NaN) - restoredAt} ms after it came back (cut at +0, back at +${restoredAt - cutAt} ms)`,
    );
    // The companies list (kept in memory, dropped on table changes) shows every company made.
    const list = await t.request({ method: 'GET', url: '/api/business', token });
    expect(list.statusCode).toBe(200);
    const listed = new Set((list.json() as Array<{ rut: string }>).map((company) => company.rut));
    expect([...stored].filter((rut) => !listed.has(rut))).toEqual([]);
    // No connection stays checked out for good: one whose BEGIN the cut broke comes back to the pool.
    const checkedOut = () => {
      const stats = proxied.poolStats?.() ?? { total: 0, idle: 0 };
      return stats.total - stats.idle;
    };
    await expect.poll(checkedOut, { timeout: 15_000, interval: 250 }).toBe(0);
  }, 60_000);
});
