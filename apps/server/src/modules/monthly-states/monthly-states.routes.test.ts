import { gunzipSync } from 'node:zlib';
import { boardMsg } from '@app/shared/messages-board';
import { currentPeriod } from '@app/shared/period';
import type { BoardCellChange, BoardRow, MonthlyBoard } from '@app/shared/schemas/monthly-states';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failInsertsInto } from '../../db/failing-inserts.fixture.ts';
import { createServiceWithStates, insertBusiness, linkService, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { monthlyStateHistory, monthlyStates } from './monthly-states.tables.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
const period = currentPeriod();
const url = `/api/monthly-states/year/${period.year}/month/${period.month}`;

/** F29: Pendiente (0 %) → Declarado (50 %) → Pagado (100 %, with a value). */
let f29: { serviceId: number; stateIds: number[] };
/** Contabilidad: Sin iniciar (0 %) → Cerrada (33 %). */
let accounting: { serviceId: number; stateIds: number[] };
let linked: { id: number; rut: string };
let unlinked: { id: number };

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensForEveryRole(t);
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Declarado', pctProgress: 50, showResume: true },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  accounting = await createServiceWithStates(
    t,
    'Contabilidad',
    [
      { name: 'Sin iniciar', pctProgress: 0 },
      { name: 'Cerrada', pctProgress: 33 },
    ],
    2,
  );
  linked = await insertBusiness(t, { name: 'Aromos', startContract: '2020-01-01' });
  unlinked = await insertBusiness(t, { name: 'Boldos', startContract: '2020-01-01' });
  await linkService(t, linked.id, f29.serviceId);
  await linkService(t, linked.id, accounting.serviceId);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function board(token = tokens.owner): Promise<MonthlyBoard> {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const rowOf = (data: MonthlyBoard, businessId: number) => data.rows.find((row) => row.business.id === businessId);
const cellOf = (row: BoardRow | undefined, serviceId: number) =>
  row?.cells.find((cell) => cell.serviceId === serviceId);

function change(payload: Record<string, unknown>, token = tokens.owner, at = url) {
  return t.request({ method: 'PUT', url: at, token, payload });
}

describe('GET /api/monthly-states/year/{year}/month/{month}', () => {
  it('shows the first state where a service applies and N/A where it does not, with progress', async () => {
    const data = await board();
    expect(data.services.map((service) => service.name)).toEqual(['F29', 'Contabilidad']);
    const row = rowOf(data, linked.id);
    expect(cellOf(row, f29.serviceId)).toEqual({
      serviceId: f29.serviceId,
      applies: true,
      stateId: f29.stateIds[0],
      value: null,
      lastChange: null,
      dueDate: null,
      overdue: false,
    });
    expect(row?.progress).toBe(0);
    expect(cellOf(rowOf(data, unlinked.id), f29.serviceId)).toMatchObject({ applies: false, stateId: null });
    expect(rowOf(data, unlinked.id)?.progress).toBe(0);
  });

  it('leaves out companies whose contract does not cover the month', async () => {
    const ended = await insertBusiness(t, { startContract: '2015-01-01', endContract: '2016-12-31' });
    expect(rowOf(await board(), ended.id)).toBeUndefined();
  });

  it('refuses a month out of range, a year before 2010 and a period after the current one', async () => {
    const bad = async (year: number, month: number) =>
      (
        await t.request({ method: 'GET', url: `/api/monthly-states/year/${year}/month/${month}`, token: tokens.owner })
      ).json().message;
    expect(await bad(period.year, 13)).toBe(boardMsg.invalidMonth);
    expect(await bad(2009, 12)).toBe(boardMsg.invalidYear);
    const next =
      period.month === 12 ? { year: period.year + 1, month: 1 } : { year: period.year, month: period.month + 1 };
    expect(await bad(next.year, next.month)).toBe(boardMsg.periodInFuture);
  });

  it('follows the default period: before the 25th the previous month is the latest, from the 25th the current one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-24T15:00:00Z'));
    const march = '/api/monthly-states/year/2026/month/3';
    expect((await t.request({ method: 'GET', url: march, token: tokens.owner })).statusCode).toBe(400);
    vi.setSystemTime(new Date('2026-03-25T15:00:00Z'));
    expect((await t.request({ method: 'GET', url: march, token: tokens.owner })).statusCode).toBe(200);
  });

  it('answers the same board gzipped to a client that accepts it', async () => {
    const plain = await t.request({ method: 'GET', url, token: tokens.owner });
    const zipped = await t.request({ method: 'GET', url, token: tokens.owner, headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('is for staff: 401 anonymous, 403 client', async () => {
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, token: tokens.client })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url, token: tokens.collaborator })).statusCode).toBe(200);
  });
});

describe('PUT /api/monthly-states/year/{year}/month/{month}', () => {
  it('changes a cell, answers the row, and rounds progress over the cells with a state', async () => {
    const response = await change({ businessId: linked.id, serviceId: f29.serviceId, stateId: f29.stateIds[1] });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(boardMsg.stateSaved);
    expect(body).toMatchObject({
      businessId: linked.id,
      cell: { serviceId: f29.serviceId, stateId: f29.stateIds[1], value: null },
    });
    expect(body.progress).toBe(25); // (50 + 0) / 2

    await change({ businessId: linked.id, serviceId: accounting.serviceId, stateId: accounting.stateIds[1] });
    expect(rowOf(await board(), linked.id)?.progress).toBe(42); // (50 + 33) / 2 = 41.5
  });

  it('requires a value for a state with hasValue and keeps it whole', async () => {
    const missing = await change({ businessId: linked.id, serviceId: f29.serviceId, stateId: f29.stateIds[2] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'optionalValue', message: boardMsg.valueRequired }]);
    const saved = await change({
      businessId: linked.id,
      serviceId: f29.serviceId,
      stateId: f29.stateIds[2],
      optionalValue: 1234567.89,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().cell.value).toBe(1234567);
  });

  it('refuses an N/A cell, a state of another service and an unknown company, changing nothing', async () => {
    const before = await board();
    const notApplying = await change({ businessId: unlinked.id, serviceId: f29.serviceId, stateId: f29.stateIds[1] });
    expect(notApplying.statusCode).toBe(400);
    expect(notApplying.json().message).toBe(boardMsg.serviceDoesNotApply);
    const foreign = await change({ businessId: linked.id, serviceId: f29.serviceId, stateId: accounting.stateIds[1] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(boardMsg.stateNotOfService);
    const unknown = await change({ businessId: 999_999, serviceId: f29.serviceId, stateId: f29.stateIds[1] });
    expect(unknown.statusCode).toBe(404);
    expect(await board()).toEqual(before);
  });

  it('lets collaborators change cells; clients get 403 and anonymous 401', async () => {
    const payload = { businessId: linked.id, serviceId: accounting.serviceId, stateId: accounting.stateIds[0] };
    expect((await change(payload, tokens.collaborator)).statusCode).toBe(200);
    expect((await change(payload, tokens.client)).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url, payload })).statusCode).toBe(401);
  });

  it('tells who changed a cell last and when, and keeps every change in its history', async () => {
    const payload = { businessId: linked.id, serviceId: accounting.serviceId, stateId: accounting.stateIds[1] };
    await change(payload, tokens.collaborator);
    const cell = cellOf(rowOf(await board(), linked.id), accounting.serviceId);
    expect(cell?.lastChange?.by).toBe('Usuario C.');
    expect(Date.now() - Date.parse(cell?.lastChange?.at ?? '')).toBeLessThan(60_000);

    const history = await t.request({
      method: 'GET',
      url: `/api/monthly-states/history?businessId=${linked.id}&serviceId=${accounting.serviceId}&year=${period.year}&month=${period.month}`,
      token: tokens.owner,
    });
    expect(history.statusCode).toBe(200);
    const rows = history.json().rows as { fromState: { name: string } | null; toState: { name: string }; by: string }[];
    expect(rows.map((row) => `${row.fromState?.name} → ${row.toState.name} (${row.by})`)).toEqual([
      'Sin iniciar → Cerrada (Usuario C.)',
      'Cerrada → Sin iniciar (Usuario C.)',
      'Sin iniciar → Cerrada (Administrador)',
    ]);
  });

  it('chains the history of simultaneous changes of one cell: each starts where the previous one left it', async () => {
    for (let round = 0; round < 8; round++) {
      const business = await insertBusiness(t, { startContract: '2020-01-01' });
      await linkService(t, business.id, f29.serviceId);
      const targets = [f29.stateIds[1], f29.stateIds[2]];
      const answers = await Promise.all(
        targets.map((stateId) =>
          change({ businessId: business.id, serviceId: f29.serviceId, stateId, optionalValue: 1000 }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const history = await t.request({
        method: 'GET',
        url: `/api/monthly-states/history?businessId=${business.id}&serviceId=${f29.serviceId}&year=${period.year}&month=${period.month}`,
        token: tokens.owner,
      });
      const [newer, older] = history.json().rows as { fromState: { id: number }; toState: { id: number } }[];
      expect(older?.fromState.id, `round ${round}`).toBe(f29.stateIds[0]);
      expect(newer?.fromState.id, `round ${round}`).toBe(older?.toState.id);
    }
  });

  it('writes the state and its history in one transaction: a failed history write leaves the cell as it was', async () => {
    const before = cellOf(rowOf(await board(), linked.id), f29.serviceId);
    const restore = await failInsertsInto(t.database.db, monthlyStateHistory);
    const response = await change({ businessId: linked.id, serviceId: f29.serviceId, stateId: f29.stateIds[0] });
    await restore();
    expect(response.statusCode).toBe(500);
    expect(cellOf(rowOf(await board(), linked.id), f29.serviceId)).toEqual(before);
  });

  it('announces only the changed cell and the new progress after commit, in a few hundred bytes', async () => {
    const seen: BoardCellChange[] = [];
    const stop = t.modules.events.on('monthly-state.changed', (payload) => {
      seen.push(payload);
    });
    await change({ businessId: linked.id, serviceId: f29.serviceId, stateId: f29.stateIds[1] });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    stop();
    expect(seen[0]).toMatchObject({ ...period, businessId: linked.id, cell: { serviceId: f29.serviceId } });
    expect(JSON.stringify(seen[0]).length).toBeLessThan(400);
  });

  it('shows on the next read whatever changed elsewhere: a renamed company, a link switched off', async () => {
    await board(); // built and kept
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/business/${linked.id}`,
      token: tokens.owner,
      payload: {
        name: 'Aromos Renombrada',
        razonSocial: 'Aromos SpA',
        rut: linked.rut,
        startContract: '2020-01-01',
        endContract: '2030-12-31',
        legalRepresentative: 'Ana',
        contact: 'ana@aromos.cl',
      },
    });
    expect(renamed.statusCode).toBe(200);
    expect(rowOf(await board(), linked.id)?.business.name).toBe('Aromos Renombrada');
    const off = await t.request({
      method: 'PUT',
      url: `/api/business/${linked.id}/service/${accounting.serviceId}`,
      token: tokens.owner,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(cellOf(rowOf(await board(), linked.id), accounting.serviceId)?.applies).toBe(false);
  });

  it('removes a company’s states and history with the company', async () => {
    const doomed = await insertBusiness(t, { startContract: '2020-01-01' });
    await linkService(t, doomed.id, f29.serviceId);
    await change({ businessId: doomed.id, serviceId: f29.serviceId, stateId: f29.stateIds[1] });
    const deleted = await t.request({ method: 'DELETE', url: `/api/business/${doomed.id}`, token: tokens.owner });
    expect(deleted.statusCode).toBe(200);
    const db = t.database.db;
    expect(await db.select().from(monthlyStates).where(eq(monthlyStates.businessId, doomed.id))).toEqual([]);
    expect(await db.select().from(monthlyStateHistory).where(eq(monthlyStateHistory.businessId, doomed.id))).toEqual(
      [],
    );
  });
});
