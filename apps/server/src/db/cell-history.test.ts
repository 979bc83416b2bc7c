import { currentPeriod } from '@app/shared/period';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyStatesRepository } from '../modules/monthly-states/monthly-states.repository.ts';
import { users } from '../modules/users/users.tables.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './client.ts';

type Query = (...args: unknown[]) => Promise<unknown>;
const textOf = (first: unknown) => (typeof first === 'string' ? first : String((first as { text?: unknown }).text));

/** Every statement the app sends, pooled connections and transactions included. */
function recordStatements(database: Database): string[] {
  const sent: string[] = [];
  const record = (target: { query: Query; exec?: Query }) => {
    for (const method of ['query', 'exec'] as const) {
      const run = target[method]?.bind(target);
      if (!run) continue;
      target[method] = (...args) => {
        sent.push(textOf(args[0]));
        return run(...args);
      };
    }
  };
  const client = (
    database.db as unknown as {
      $client: { query: Query; exec?: Query; connect?: (...args: unknown[]) => Promise<{ query: Query }> };
    }
  ).$client;
  record(client);
  const { connect } = client;
  if (connect) {
    // PostgreSQL: a transaction runs on a connection of its own (pool.query connects with a callback).
    const recorded = new WeakSet<object>();
    client.connect = async (...args) => {
      if (args.length) return connect.apply(client, args);
      const connection = await connect.call(client);
      if (!recorded.has(connection)) {
        recorded.add(connection);
        record(connection);
      }
      return connection;
    };
  }
  return sent;
}

describe('a cell change through the cell-history helper', () => {
  let database: Database;
  let t: TestApp;
  let sent: string[];
  beforeAll(async () => {
    database = await openTestDatabase();
    sent = recordStatements(database);
    t = await createTestApp({}, { database });
  });
  afterAll(async () => {
    await t.close();
    await database.close();
  });

  it('is one prepared statement on the embedded database; on PostgreSQL the cell lock comes first, in a transaction', async () => {
    const owner = await t.ownerToken();
    const company = await insertBusiness(t, { startContract: '2020-01-01' });
    const states = [
      { name: 'Pendiente', pctProgress: 0 },
      { name: 'Lista', pctProgress: 100 },
    ];
    const f29 = await createServiceWithStates(t, 'F29 contado', states);
    const iva = await createServiceWithStates(t, 'IVA contado', states, 2);
    await linkService(t, company.id, f29.serviceId);
    await linkService(t, company.id, iva.serviceId);
    const period = currentPeriod();
    const change = (serviceId: number, stateId: number | undefined) =>
      t.request({
        method: 'PUT',
        url: `/api/monthly-states/year/${period.year}/month/${period.month}`,
        token: owner,
        payload: { businessId: company.id, serviceId, stateId },
      });
    // The period's parts are kept now, and the embedded database has prepared the change's statement.
    expect((await change(iva.serviceId, iva.stateIds[1])).statusCode).toBe(200);

    sent.length = 0;
    const response = await change(f29.serviceId, f29.stateIds[1]);
    expect(response.statusCode).toBe(200);
    // The row's progress counts the other cell, read in the same statement: (100 + 100) / 2.
    expect(response.json().progress).toBe(100);
    const steps = sent.map((text) => text.trim().split(/\s+/)[0]?.toLowerCase());
    expect(steps).toEqual(database.kind === 'pglite' ? ['execute'] : ['begin', 'select', 'with', 'commit']);
  });

  it("keeps a name with quotes and backslashes exactly as given (the embedded database's values travel as literals)", async () => {
    await t.ownerToken();
    const [owner] = await database.db.select({ id: users.id }).from(users).limit(1);
    const company = await insertBusiness(t, { startContract: '2020-01-01' });
    const { serviceId, stateIds } = await createServiceWithStates(t, 'Literal contado', [
      { name: 'Pendiente', pctProgress: 0 },
      { name: 'Lista', pctProgress: 100 },
    ]);
    const cell = { businessId: company.id, serviceId, ...currentPeriod() };
    const name = String.raw`O'Hara \'); drop table users; -- é`;
    for (const state of [stateIds[1], stateIds[0]] as number[]) {
      await monthlyStatesRepository.changeCell(
        database.db,
        {
          cell: { businessId: cell.businessId, column: serviceId, year: cell.year, month: cell.month },
          state,
          value: 1_234_567,
          initial: stateIds[0] ?? null,
          by: { id: owner?.id ?? 0, name },
        },
        [serviceId],
      );
    }
    const history = await monthlyStatesRepository.listHistory(database.db, cell);
    expect(history.map((entry) => [entry.userName, entry.value, entry.fromStateId, entry.toStateId])).toEqual([
      [name, 1_234_567, stateIds[1], stateIds[0]],
      [name, 1_234_567, stateIds[0], stateIds[1]],
    ]);
    expect(await database.db.select({ id: users.id }).from(users)).not.toHaveLength(0);
  });
});
