import { msg } from '@app/shared/messages';
import { timeMsg } from '@app/shared/messages-time';
import type { Profitability, TimeEntry, TimeWeek } from '@app/shared/schemas/time';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { type Caller, callerFor } from '../../test/route-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { billingCharges } from '../billing/billing.tables.ts';
import { timeEntries } from './time.tables.ts';

// 'Registro de tiempo' and profitability, role by role: anonymous 401, client 403, a collaborator
// their own entries only (another's answers 404), an owner everyone's plus costs and profitability.

let t: TestApp;
let api: Record<'owner' | 'collaborator' | 'client' | 'anonymous' | 'ana' | 'beto', Caller>;
let clock = new Date('2026-10-14T13:00:00Z'); // Wednesday 14 October 2026, 10:00 in Santiago
let ana: { id: number };
let beto: { id: number };
let aromos: { id: number };
let boldos: { id: number };
let canelos: { id: number };

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const tokens = await tokensForEveryRole(t);
  const anaUser = await t.userWithRole('collaborator', { name: 'Ana', lastName: 'Rojas' });
  const betoUser = await t.userWithRole('collaborator', { name: 'Beto', lastName: 'Soto' });
  ana = anaUser;
  beto = betoUser;
  api = {
    owner: callerFor(t, () => tokens.owner),
    collaborator: callerFor(t, () => tokens.collaborator),
    client: callerFor(t, () => tokens.client),
    anonymous: callerFor(t),
    ana: callerFor(t, () => anaUser.token),
    beto: callerFor(t, () => betoUser.token),
  };
  // Named so the Spanish order differs from the insertion order: Álamos sorts before Boldos.
  boldos = await insertBusiness(t, { name: 'Boldos' });
  canelos = await insertBusiness(t, { name: 'Canelos' });
  aromos = await insertBusiness(t, { name: 'Álamos' });
});
afterAll(() => t.close());

const at = (iso: string) => {
  clock = new Date(iso);
};
const entry = (caller: Caller, body: Record<string, unknown>) =>
  caller.post('/api/time/entries', { date: '2026-10-12', duration: '1:00', businessId: aromos.id, ...body });

describe('who may reach each endpoint', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/time/timer'],
    ['POST', '/api/time/timer/start', { businessId: 1 }],
    ['POST', '/api/time/timer/stop', {}],
    ['GET', '/api/time/entries?desde=2026-10-01&hasta=2026-10-31'],
    ['POST', '/api/time/entries', { date: '2026-10-12', duration: '1:00', businessId: 1 }],
    ['PUT', '/api/time/entries/1', { date: '2026-10-12', duration: '1:00', businessId: 1 }],
    ['DELETE', '/api/time/entries/1'],
    ['GET', '/api/time/week?semana=2026-10-12'],
    ['GET', '/api/time/week/export?semana=2026-10-12'],
    ['GET', '/api/time/costs'],
    ['PUT', '/api/time/costs', { userId: 1, hourlyCost: 1 }],
    ['GET', '/api/time/settings'],
    ['PUT', '/api/time/settings', { remind: true }],
    ['GET', '/api/panel/profitability?anio=2026&mes=10'],
  ];
  it('refuses every endpoint to a client (403) and to an anonymous caller (401), in Spanish', async () => {
    for (const [method, url, payload] of endpoints) {
      for (const [token, status, message] of [
        [undefined, 401, msg.unauthorized],
        ['client', 403, msg.forbidden],
      ] as const) {
        const caller = token ? api.client : api.anonymous;
        const response =
          method === 'GET'
            ? await caller.get(url)
            : method === 'DELETE'
              ? await caller.delete(url)
              : method === 'POST'
                ? await caller.post(url, payload as never)
                : await caller.put(url, payload as never);
        expect([method, url, response.statusCode, response.json().message]).toEqual([method, url, status, message]);
      }
    }
  });

  it('keeps hourly costs and profitability to owners: a collaborator gets 403', async () => {
    for (const response of [
      await api.ana.get('/api/time/costs'),
      await api.ana.put('/api/time/costs', { userId: ana.id, hourlyCost: 1 }),
      await api.ana.get('/api/panel/profitability?anio=2026&mes=10'),
    ]) {
      expect([response.statusCode, response.json().message]).toEqual([403, msg.forbidden]);
    }
  });
});

describe('the timer', () => {
  it('starts, survives a read, and a second start stops the first in the same transaction', async () => {
    at('2026-10-14T13:00:00Z');
    expect((await api.ana.get('/api/time/timer')).json()).toEqual({ timer: null });
    const first = await api.ana.post('/api/time/timer/start', { businessId: boldos.id, note: 'IVA' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      message: timeMsg.timerStarted,
      stopped: null,
      timer: { businessId: boldos.id, businessName: 'Boldos', date: '2026-10-14', endedAt: null, minutes: null },
    });
    expect((await api.ana.get('/api/time/timer')).json().timer.id).toBe(first.json().timer.id);

    at('2026-10-14T13:25:29Z'); // 25 min 29 s later
    const second = await api.ana.post('/api/time/timer/start', { businessId: canelos.id });
    expect(second.json()).toMatchObject({
      message: timeMsg.timerStartedStopping('Boldos'),
      stopped: { id: first.json().timer.id, minutes: 25, endedAt: '2026-10-14T13:25:29.000Z' },
      timer: { businessId: canelos.id, minutes: null },
    });
    const running = await t.database.db
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.userId, ana.id)));
    expect(running.filter((row) => row.endedAt === null).map((row) => row.businessId)).toEqual([canelos.id]);
  });

  it('stops: minutes are the time elapsed rounded to the nearest minute (at least 1), logged in the activity log', async () => {
    at('2026-10-14T14:05:59Z'); // 40 min 30 s after the second start
    const stopped = await api.ana.post('/api/time/timer/stop', {});
    expect(stopped.json()).toMatchObject({
      message: timeMsg.timerStopped,
      timer: null,
      stopped: { businessId: canelos.id, minutes: 41 },
    });
    expect((await api.ana.get('/api/time/timer')).json()).toEqual({ timer: null });
    const none = await api.ana.post('/api/time/timer/stop', {});
    expect([none.statusCode, none.json().message]).toEqual([404, timeMsg.noTimer]);

    await api.ana.post('/api/time/timer/start', { businessId: canelos.id });
    at('2026-10-14T14:06:05Z');
    expect((await api.ana.post('/api/time/timer/stop', {})).json().stopped.minutes).toBe(1);

    const [logged] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.kind, 'time_entry'))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(logged).toMatchObject({
      action: 'created',
      recordLabel: '2026-10-14 0:01',
      businessName: 'Canelos',
      actorId: ana.id,
    });
  });

  it('two parallel starts leave exactly one timer running', async () => {
    at('2026-10-14T15:00:00Z');
    const results = await Promise.all([
      api.beto.post('/api/time/timer/start', { businessId: boldos.id }),
      api.beto.post('/api/time/timer/start', { businessId: canelos.id }),
      api.beto.post('/api/time/timer/start', { businessId: aromos.id }),
    ]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    const rows = await t.database.db.select().from(timeEntries).where(eq(timeEntries.userId, beto.id));
    expect(rows.filter((row) => row.endedAt === null)).toHaveLength(1);
    expect(rows).toHaveLength(3);
    await api.beto.post('/api/time/timer/stop', {});
    await t.database.db.delete(timeEntries).where(eq(timeEntries.userId, beto.id));
  });

  it('says a timer stopped after more than 10 h was probably left running, whether a stop or a start stopped it', async () => {
    const dora = await t.userWithRole('collaborator', { name: 'Dora' });
    const asDora = callerFor(t, () => dora.token);
    at('2026-10-15T12:00:00Z');
    await asDora.post('/api/time/timer/start', { businessId: boldos.id });
    at('2026-10-15T22:00:00Z'); // exactly 10 h: an ordinary day
    expect((await asDora.post('/api/time/timer/stop', {})).json().message).toBe(timeMsg.timerStopped);

    at('2026-10-16T12:00:00Z');
    await asDora.post('/api/time/timer/start', { businessId: boldos.id });
    at('2026-10-16T22:01:00Z');
    const long = (await asDora.post('/api/time/timer/stop', {})).json();
    expect([long.message, long.stopped.minutes]).toEqual([timeMsg.timerStoppedLong('10:01'), 601]);
    expect(long.message).toBe(
      'Cronómetro detenido: se registraron 10:01 h. Si quedó corriendo sin querer, corrige el registro en Registro de tiempo',
    );

    at('2026-10-17T12:00:00Z');
    await asDora.post('/api/time/timer/start', { businessId: canelos.id });
    at('2026-10-19T12:30:00Z'); // two days and a half hour later
    const restarted = (await asDora.post('/api/time/timer/start', { businessId: boldos.id })).json();
    expect(restarted.message).toBe(timeMsg.timerStartedStoppingLong('Canelos', '48:30'));
    await asDora.post('/api/time/timer/stop', {});
    await t.database.db.delete(timeEntries).where(eq(timeEntries.userId, dora.id));
  });

  it('refuses a company that does not exist, on its field', async () => {
    const response = await api.ana.post('/api/time/timer/start', { businessId: 999_999 });
    expect([response.statusCode, response.json().errors]).toEqual([
      400,
      [{ field: 'businessId', message: timeMsg.businessNotFound }],
    ]);
  });
});

describe('entries typed by hand', () => {
  it("reads 'h:mm' only, from 0:01 to 24:00, and names the format when refused", async () => {
    for (const [duration, message] of [
      ['1,5', timeMsg.durationFormat],
      ['90', timeMsg.durationFormat],
      ['1.30', timeMsg.durationFormat],
      ['1:5', timeMsg.durationFormat],
      ['1:234', timeMsg.durationFormat],
      ['0:00', timeMsg.durationRange],
      ['24:01', timeMsg.durationRange],
      ['25:00', timeMsg.durationRange],
      ['', timeMsg.required],
      ['1:\u000030', msg.forbiddenChars],
    ] as const) {
      const response = await entry(api.ana, { duration });
      expect([duration, response.statusCode, response.json().errors]).toEqual([
        duration,
        400,
        [{ field: 'duration', message }],
      ]);
    }
    const full = await entry(api.ana, { duration: '24:00', date: '2026-10-11' });
    expect(full.json().entry.minutes).toBe(1440);
    await api.ana.delete(`/api/time/entries/${full.json().entry.id}`);
  });

  it('lets a collaborator change and delete only their own entries: another’s answers 404', async () => {
    const created = await entry(api.ana, { duration: '1:30', note: 'Conciliación' });
    expect(created.statusCode).toBe(201);
    const id = created.json().entry.id;
    expect(created.json()).toEqual({
      message: timeMsg.created,
      entry: expect.objectContaining({ userId: ana.id, minutes: 90, businessName: 'Álamos', note: 'Conciliación' }),
    });

    const foreignPut = await api.beto.put(`/api/time/entries/${id}`, {
      date: '2026-10-12',
      duration: '0:10',
      businessId: aromos.id,
    });
    expect([foreignPut.statusCode, foreignPut.json().message]).toEqual([404, timeMsg.entryNotFound]);
    expect((await api.beto.delete(`/api/time/entries/${id}`)).statusCode).toBe(404);
    const foreignList = await api.beto.get(`/api/time/entries?desde=2026-10-01&hasta=2026-10-31&usuario=${ana.id}`);
    expect([foreignList.statusCode, foreignList.json().message]).toEqual([403, msg.forbidden]);
    expect((await api.beto.get('/api/time/entries?desde=2026-10-01&hasta=2026-10-31')).json()).toEqual([]);

    const own = await api.ana.put(`/api/time/entries/${id}`, {
      date: '2026-10-13',
      duration: '2:00',
      businessId: aromos.id,
      note: 'Conciliación bancaria',
    });
    expect(own.json()).toMatchObject({ message: timeMsg.updated, entry: { id, minutes: 120, date: '2026-10-13' } });
    const [logged] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.kind, 'time_entry'))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(logged).toMatchObject({
      action: 'updated',
      recordLabel: '2026-10-13 2:00',
      businessName: 'Álamos',
      details: {
        before: expect.objectContaining({ minutes: 90, date: '2026-10-12' }),
        after: expect.objectContaining({ minutes: 120, date: '2026-10-13' }),
      },
    });
  });

  it('lets an owner read, change and delete anyone’s entries', async () => {
    const created = await entry(api.beto, { date: '2026-10-15', duration: '0:45', businessId: boldos.id });
    const id = created.json().entry.id;
    const listed: TimeEntry[] = (
      await api.owner.get(`/api/time/entries?desde=2026-10-15&hasta=2026-10-15&usuario=${beto.id}`)
    ).json();
    expect(listed.map((row) => [row.id, row.minutes])).toEqual([[id, 45]]);
    const changed = await api.owner.put(`/api/time/entries/${id}`, {
      date: '2026-10-15',
      duration: '1:00',
      businessId: boldos.id,
    });
    expect(changed.json().entry.minutes).toBe(60);
    expect((await api.owner.delete(`/api/time/entries/${id}`)).json()).toEqual({ message: timeMsg.deleted });
    expect((await api.owner.delete(`/api/time/entries/${id}`)).statusCode).toBe(404);
    const [logged] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.kind, 'time_entry'))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(logged).toMatchObject({ action: 'deleted', businessName: 'Boldos' });
    const badUser = await api.owner.get('/api/time/week?semana=2026-10-12&usuario=999999');
    expect([badUser.statusCode, badUser.json().errors]).toEqual([
      400,
      [{ field: 'usuario', message: timeMsg.invalidUser }],
    ]);
  });
});

describe('the week', () => {
  it('is companies × 7 days in minutes, by Spanish name, with row, day and week totals', async () => {
    await entry(api.ana, { date: '2026-10-18', duration: '0:15', businessId: boldos.id }); // Sunday
    const week: TimeWeek = (await api.ana.get('/api/time/week?semana=2026-10-12')).json();
    expect(week.days).toEqual([
      '2026-10-12',
      '2026-10-13',
      '2026-10-14',
      '2026-10-15',
      '2026-10-16',
      '2026-10-17',
      '2026-10-18',
    ]);
    expect(week.rows.map((row) => [row.businessName, row.minutes, row.total])).toEqual([
      ['Álamos', [0, 120, 0, 0, 0, 0, 0], 120],
      ['Boldos', [0, 0, 25, 0, 0, 0, 15], 40],
      ['Canelos', [0, 0, 42, 0, 0, 0, 0], 42],
    ]);
    expect(week.dayTotals).toEqual([0, 120, 67, 0, 0, 0, 15]);
    expect(week.total).toBe(202);
    // An owner sees Ana's week; Beto's own is empty.
    expect((await api.owner.get(`/api/time/week?semana=2026-10-12&usuario=${ana.id}`)).json().total).toBe(202);
    expect((await api.beto.get('/api/time/week?semana=2026-10-12')).json().total).toBe(0);
    const notMonday = await api.ana.get('/api/time/week?semana=2026-10-13');
    expect([notMonday.statusCode, notMonday.json().errors]).toEqual([
      400,
      [{ field: 'semana', message: timeMsg.invalidWeek }],
    ]);
  });

  it('exports the same grid to Excel', async () => {
    const response = await api.ana.get('/api/time/week/export?semana=2026-10-12');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('registro-tiempo-2026-10-12.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as never);
    const sheet = workbook.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1));
    expect(rows).toEqual([
      [
        'Empresa',
        'Lun 12-10',
        'Mar 13-10',
        'Mié 14-10',
        'Jue 15-10',
        'Vie 16-10',
        'Sáb 17-10',
        'Dom 18-10',
        'Total',
        'Horas',
      ],
      ['Álamos', undefined, '2:00', undefined, undefined, undefined, undefined, undefined, '2:00', 2],
      ['Boldos', undefined, undefined, '0:25', undefined, undefined, undefined, '0:15', '0:40', 0.67],
      ['Canelos', undefined, undefined, '0:42', undefined, undefined, undefined, undefined, '0:42', 0.7],
      ['Total', undefined, '2:00', '1:07', undefined, undefined, undefined, '0:15', '3:22', 3.37],
    ]);
  });
});

describe('hourly costs and profitability', () => {
  it('an owner sets a cost (0 to 10.000.000 pesos), logged; bad values refused in Spanish', async () => {
    for (const hourlyCost of [-1, 10_000_001, 1.5, '20000']) {
      const response = await api.owner.put('/api/time/costs', { userId: ana.id, hourlyCost });
      expect([response.statusCode, response.json().errors]).toEqual([
        400,
        [{ field: 'hourlyCost', message: timeMsg.hourlyCostInvalid }],
      ]);
    }
    const saved = await api.owner.put('/api/time/costs', { userId: ana.id, hourlyCost: 20_000 });
    expect(saved.json()).toEqual({
      message: timeMsg.costSaved,
      cost: { userId: ana.id, name: 'Ana Rojas', role: 'collaborator', hourlyCost: 20_000 },
    });
    const costs = (await api.owner.get('/api/time/costs')).json();
    expect(costs.find((cost: { userId: number }) => cost.userId === ana.id)?.hourlyCost).toBe(20_000);
    expect(costs.find((cost: { userId: number }) => cost.userId === beto.id)?.hourlyCost).toBeNull();
    const [logged] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.kind, 'hourly_cost'))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(logged).toMatchObject({
      action: 'created',
      recordLabel: 'Ana Rojas',
      details: { after: { hourlyCost: 20_000 } },
    });
  });

  it('3 h × $20.000 against a fee of $100.000 is a margin of $40.000, 40 %; hours without a fee are a loss', async () => {
    // November: 3 hours on Álamos, 1:30 on Boldos (no fee); Álamos's issued fee $100.000, a voided $50.000 and a draft ignored.
    await entry(api.ana, { date: '2026-11-03', duration: '2:00', businessId: aromos.id });
    await entry(api.ana, { date: '2026-11-04', duration: '1:00', businessId: aromos.id });
    await entry(api.ana, { date: '2026-11-05', duration: '1:30', businessId: boldos.id });
    const charge = (status: 'issued' | 'void' | 'draft', net: number, key: string) => ({
      businessId: aromos.id,
      periodYear: 2026,
      periodMonth: 11,
      source: 'fee' as const,
      generationKey: key,
      description: 'Honorarios',
      currency: 'CLP' as const,
      documentType: 'factura_afecta' as const,
      net,
      taxKind: 'iva' as const,
      taxRate: 1900,
      taxAmount: Math.round(net * 0.19),
      total: net + Math.round(net * 0.19),
      issueDate: '2026-11-01',
      dueDate: '2026-11-10',
      status,
    });
    await t.database.db
      .insert(billingCharges)
      .values([charge('issued', 100_000, 'a'), charge('void', 50_000, 'b'), charge('draft', 70_000, 'c')]);

    const result: Profitability = (await api.owner.get('/api/panel/profitability?anio=2026&mes=11')).json();
    expect(result.rows).toEqual([
      {
        businessId: boldos.id,
        businessName: 'Boldos',
        fee: 0,
        minutes: 90,
        cost: 30_000,
        margin: -30_000,
        marginPct: null,
      },
      {
        businessId: aromos.id,
        businessName: 'Álamos',
        fee: 100_000,
        minutes: 180,
        cost: 60_000,
        margin: 40_000,
        marginPct: 40,
      },
    ]);
    expect(result.totals).toEqual({ fee: 100_000, minutes: 270, cost: 90_000, margin: 10_000 });
    expect(result.services).toEqual([{ serviceId: null, serviceName: timeMsg.noService, minutes: 270 }]);
    expect(result.withoutCost).toEqual([]);
    const bad = await api.owner.get('/api/panel/profitability?anio=2026&mes=13');
    expect([bad.statusCode, bad.json().errors]).toEqual([400, [{ field: 'mes', message: timeMsg.invalidMonth }]]);
  });
});

describe('the reminder setting', () => {
  it('is off by default, and each user turns their own on', async () => {
    expect((await api.ana.get('/api/time/settings')).json()).toEqual({ remind: false });
    expect((await api.ana.put('/api/time/settings', { remind: true })).json()).toEqual({
      remind: true,
      message: timeMsg.remindOn,
    });
    expect((await api.ana.get('/api/time/settings')).json()).toEqual({ remind: true });
    expect((await api.beto.get('/api/time/settings')).json()).toEqual({ remind: false });
    const bad = await api.ana.put('/api/time/settings', { remind: 'sí' });
    expect(bad.statusCode).toBe(400);
  });
});
