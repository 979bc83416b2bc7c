import { msg } from '@app/shared/messages';
import { taxCalendarMsg } from '@app/shared/messages-tax-calendar';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type { TaxCalendarMonth, TaxYearImportPreview, TaxYearList } from '@app/shared/schemas/tax-calendar';
import { asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { multipartFiles } from '../../test/pdf-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { services } from '../services/services.tables.ts';

// October 2026: Monday 12 is a holiday, so September's F29 (due day 12) falls due on Tuesday 13.

let t: TestApp;
let clock = new Date();
let owner: string;
let client: string;
let collaborator: { id: number; token: string };
let f29: { serviceId: number; stateIds: number[] };
let renta: { serviceId: number; stateIds: number[] };
let mine: { id: number };
let alsoMine: { id: number };
let others: { id: number };

const as = (token: string | undefined) => ({
  get: (url: string) => t.request({ method: 'GET', url, token }),
  put: (url: string, payload?: object) => t.request({ method: 'PUT', url, token, payload }),
  post: (url: string, payload?: object) => t.request({ method: 'POST', url, token, payload }),
  delete: (url: string) => t.request({ method: 'DELETE', url, token }),
});

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  owner = await t.ownerToken();
  collaborator = await t.userWithRole('collaborator');
  const clientBusiness = await insertBusiness(t, { startContract: '2020-01-01' });
  client = (await t.userWithRole('client', { businessId: clientBusiness.id })).token;
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Declarado', pctProgress: 100 },
  ]);
  await t.database.db.update(services).set({ dueDay: 12 }).where(eq(services.id, f29.serviceId));
  renta = await createServiceWithStates(
    t,
    'Renta',
    [
      { name: 'Pendiente', pctProgress: 0 },
      { name: 'Presentada', pctProgress: 100 },
    ],
    2,
  );
  await t.database.db.update(services).set({ dueDay: 5, catalogueKey: 'f22' }).where(eq(services.id, renta.serviceId));
  mine = await insertBusiness(t, { name: 'Aromos', startContract: '2020-01-01', responsibleUserId: collaborator.id });
  alsoMine = await insertBusiness(t, {
    name: 'Boldos',
    startContract: '2020-01-01',
    responsibleUserId: collaborator.id,
  });
  others = await insertBusiness(t, { name: 'Canelos', startContract: '2020-01-01' });
  for (const company of [mine, alsoMine, others]) {
    await linkService(t, company.id, f29.serviceId);
    await linkService(t, company.id, renta.serviceId);
  }
  // Canelos has declared September's F29 (the service's last state).
  const saved = await as(owner).put('/api/monthly-states/year/2026/month/9', {
    businessId: others.id,
    serviceId: f29.serviceId,
    stateId: f29.stateIds[1],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());
beforeEach(() => {
  clock = new Date('2026-10-13T15:00:00Z'); // Tuesday 13 October, noon in Santiago
});

const monthUrl = '/api/tax-calendar/month?anio=2026&mes=10';
const f29In = (data: TaxCalendarMonth) => data.obligations.filter((entry) => entry.serviceId === f29.serviceId);

describe('who may use the tax calendar', () => {
  const staffReads = [
    '/api/tax-calendar/month?anio=2026&mes=10',
    '/api/tax-calendar/years/2026',
    '/api/profile/calendar-feed',
  ];
  const ownerWrites: { method: 'PUT' | 'DELETE' | 'POST'; url: string; payload?: object }[] = [
    {
      method: 'PUT',
      url: '/api/tax-calendar/years/2026/dates/dj-1887',
      payload: { date: '2026-03-20', confirmed: true },
    },
    { method: 'DELETE', url: '/api/tax-calendar/years/2026/dates/dj-1887' },
    { method: 'POST', url: '/api/tax-calendar/years/2026/import/preview' },
    { method: 'POST', url: '/api/tax-calendar/years/2026/import/confirm' },
  ];

  it('answers 401 without a session and 403 to a client on every endpoint', async () => {
    const every = [
      ...staffReads.map((url) => ({ method: 'GET' as const, url })),
      ...ownerWrites,
      { method: 'POST' as const, url: '/api/profile/calendar-feed' },
      { method: 'DELETE' as const, url: '/api/profile/calendar-feed' },
    ];
    for (const request of every) {
      const anonymous = await t.request(request);
      expect(anonymous.statusCode, request.url).toBe(401);
      expect(anonymous.json()).toEqual({ message: msg.unauthorized });
      const asClient = await t.request({ ...request, token: client });
      expect(asClient.statusCode, request.url).toBe(403);
      expect(asClient.json()).toEqual({ message: msg.forbidden });
    }
  });

  it("lets a collaborator read the month and the tax year but not change 'Calendario AT'", async () => {
    for (const url of staffReads) expect((await as(collaborator.token).get(url)).statusCode, url).toBe(200);
    for (const request of ownerWrites) {
      const response = await t.request({ ...request, token: collaborator.token });
      expect(response.statusCode, request.url).toBe(403);
    }
  });
});

describe("the month's obligations", () => {
  it("counts September's F29 on Tuesday 13 October (12 is a holiday): one company done, two pending", async () => {
    const response = await as(owner).get(monthUrl);
    expect(response.statusCode, response.body).toBe(200);
    const data: TaxCalendarMonth = response.json();
    expect(data.today).toBe('2026-10-13');
    expect(data.weekStart).toBe('2026-10-12');
    expect(data.weekEnd).toBe('2026-10-18');
    expect(f29In(data)).toEqual([
      {
        date: '2026-10-13',
        kind: 'service',
        serviceId: f29.serviceId,
        key: null,
        name: 'F29',
        filing: 'all',
        year: 2026,
        month: 9,
        done: 1,
        pending: 2,
        late: 0,
        doneStateId: f29.stateIds[1],
      },
    ]);
    expect(data.week.filter((entry) => entry.serviceId === f29.serviceId).map((entry) => entry.date)).toEqual([
      '2026-10-13',
    ]);
  });

  it("shows a collaborator's own companies when the 'Encargado' filter names them, and counts them late the day after", async () => {
    clock = new Date('2026-10-14T15:00:00Z');
    const response = await as(collaborator.token).get(`${monthUrl}&encargado=${collaborator.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(f29In(response.json()).map(({ done, pending, late }) => ({ done, pending, late }))).toEqual([
      { done: 0, pending: 0, late: 2 },
    ]);
    const nobodys = await as(collaborator.token).get(`${monthUrl}&encargado=none`);
    expect(f29In(nobodys.json()).map(({ done, pending, late }) => ({ done, pending, late }))).toEqual([
      { done: 1, pending: 0, late: 0 },
    ]);
  });

  it("leaves out a company tracked only from a later month ('Seguimiento desde'), and moves the date past a firm holiday", async () => {
    await t.database.db.update(businesses).set({ trackingSince: '2026-10' }).where(eq(businesses.id, alsoMine.id));
    const holiday = await as(owner).post('/api/holidays', { date: '2026-10-13', name: 'Feriado regional de prueba' });
    expect(holiday.statusCode, holiday.body).toBe(201);
    try {
      const response = await as(owner).get(monthUrl);
      expect(response.statusCode, response.body).toBe(200);
      expect(f29In(response.json()).map(({ date, done, pending, late }) => ({ date, done, pending, late }))).toEqual([
        { date: '2026-10-14', done: 1, pending: 1, late: 0 },
      ]);
    } finally {
      await t.database.db.update(businesses).set({ trackingSince: null }).where(eq(businesses.id, alsoMine.id));
      await as(owner).delete(`/api/holidays/${holiday.json().holiday.id}`);
    }
  });

  it('refuses a month that is not one, in Spanish', async () => {
    const response = await as(owner).get('/api/tax-calendar/month?anio=2026&mes=13');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(taxCalendarMsg.invalidMonth);
  });
});

describe("'Calendario AT'", () => {
  /** The activity log's 'Calendario AT' entries, oldest first. */
  const taxYearActivity = () =>
    t.database.db
      .select({ action: activity.action, recordLabel: activity.recordLabel, details: activity.details })
      .from(activity)
      .where(eq(activity.kind, 'tax_year_date'))
      .orderBy(asc(activity.id));

  it("lists the shipped dates, and an owner's edit replaces one and moves the annual service's due date; both changes are in the activity log", async () => {
    const listed: TaxYearList = (await as(owner).get('/api/tax-calendar/years/2026')).json();
    const dj = listed.entries.find((entry) => entry.key === 'dj-1887');
    expect(dj).toMatchObject({ date: '2026-03-27', confirmed: false, origin: 'shipped', shippedDate: null });
    expect(await t.modules.taxCalendar.annualDueDate('f22', 2026)).toBe('2026-04-30');

    const saved = await as(owner).put('/api/tax-calendar/years/2026/dates/f22', {
      date: '2026-04-29',
      confirmed: true,
      source: 'https://www.sii.cl/',
      note: '',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().entry).toMatchObject({
      key: 'f22',
      date: '2026-04-29',
      confirmed: true,
      origin: 'edited',
      shippedDate: '2026-04-30',
      note: null,
    });
    expect(await t.modules.taxCalendar.annualDueDate('f22', 2026)).toBe('2026-04-29');

    // 'Renta' carries the key f22: April's cell takes the tax year's date; March keeps its due day.
    const april: MonthlyBoard = (await as(owner).get('/api/monthly-states/year/2026/month/4')).json();
    const march: MonthlyBoard = (await as(owner).get('/api/monthly-states/year/2026/month/3')).json();
    const dueIn = (board: MonthlyBoard) =>
      board.rows.find((row) => row.business.id === mine.id)?.cells.find((cell) => cell.serviceId === renta.serviceId)
        ?.dueDate;
    expect(dueIn(april)).toBe('2026-04-29');
    // March's own due day 5 of April is Easter Sunday: Monday 6.
    expect(dueIn(march)).toBe('2026-04-06');

    const reset = await as(owner).delete('/api/tax-calendar/years/2026/dates/f22');
    expect(reset.json()).toMatchObject({
      message: taxCalendarMsg.dateReset,
      entry: { date: '2026-04-30', origin: 'shipped' },
    });
    expect(await t.modules.taxCalendar.annualDueDate('f22', 2026)).toBe('2026-04-30');

    expect(await taxYearActivity()).toEqual([
      {
        action: 'updated',
        recordLabel: 'AT 2026: F22 Operación Renta: plazo con pago de impuesto',
        details: { before: { date: '2026-04-30', confirmed: false }, after: { date: '2026-04-29', confirmed: true } },
      },
      {
        action: 'deleted',
        recordLabel: 'AT 2026: F22 Operación Renta: plazo con pago de impuesto',
        details: { before: { date: '2026-04-29', confirmed: true } },
      },
    ]);
  });

  it('refuses a date outside its tax year', async () => {
    const response = await as(owner).put('/api/tax-calendar/years/2026/dates/dj-1887', {
      date: '2025-03-19',
      confirmed: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(taxCalendarMsg.dateOutsideYear(2026));
  });

  it('previews an .xlsx line by line with Spanish errors, writes nothing while one is wrong, then writes the good file', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('AT 2027');
    sheet.addRows([
      ['Clave', 'Fecha', 'Confirmada', 'Fuente', 'Nota'],
      ['dj-1887', '22-03-2027', 'sí', 'https://www.sii.cl/', 'Publicada'],
      ['DJ 1999', '22-03-2027', 'no', null, null],
      ['dj-1879', '22-03-2026', 'no', null, null],
      ['dj-1887', '23-03-2027', 'no', null, null],
    ]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = await t.request({
      method: 'POST',
      url: '/api/tax-calendar/years/2027/import/preview',
      token: owner,
      ...multipartFiles([{ name: 'at.xlsx', bytes }]),
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const shown: TaxYearImportPreview = preview.json();
    expect(shown.lines.map(({ line, status, previous, error }) => ({ line, status, previous, error }))).toEqual([
      { line: 2, status: 'changed', previous: '2027-03-19', error: null },
      { line: 3, status: 'invalid', previous: null, error: taxCalendarMsg.lineBadKey },
      { line: 4, status: 'invalid', previous: null, error: taxCalendarMsg.lineOutsideYear(2027) },
      { line: 5, status: 'invalid', previous: null, error: taxCalendarMsg.lineRepeated(2) },
    ]);
    const refused = await t.request({
      method: 'POST',
      url: '/api/tax-calendar/years/2027/import/confirm',
      token: owner,
      ...multipartFiles([{ name: 'at.xlsx', bytes }]),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(taxCalendarMsg.importHasErrors);
    expect(await t.modules.taxCalendar.annualDueDate('dj-1887', 2027)).toBe('2027-03-19');

    const good = Buffer.from('Clave;Fecha;Confirmada\ndj-1887;22-03-2027;sí\ndj-2000;15-06-2027;no\n');
    const confirmed = await t.request({
      method: 'POST',
      url: '/api/tax-calendar/years/2027/import/confirm',
      token: owner,
      ...multipartFiles([{ name: 'at.csv', bytes: good }]),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ message: taxCalendarMsg.imported(1, 1), created: 1, changed: 1, unchanged: 0 });
    expect((await taxYearActivity()).at(-1)).toEqual({
      action: 'imported',
      recordLabel: 'AT 2027: 2 fechas',
      details: { after: { 'dj-1887': '2027-03-22', 'dj-2000': '2027-06-15' } },
    });
    const year: TaxYearList = (await as(owner).get('/api/tax-calendar/years/2027')).json();
    expect(
      year.entries
        .filter((entry) => ['dj-1887', 'dj-2000'].includes(entry.key))
        .map(({ key, date, confirmed, origin }) => ({ key, date, confirmed, origin })),
    ).toEqual([
      { key: 'dj-1887', date: '2027-03-22', confirmed: true, origin: 'edited' },
      { key: 'dj-2000', date: '2027-06-15', confirmed: false, origin: 'added' },
    ]);
  });
});

/** The feed's all-day events, read by a calendar parser: summary, start date and description. */
function eventsOf(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      summary: event.summary,
      start: event.startDate.toString(),
      allDay: event.startDate.isDate,
      description: event.description,
    };
  });
}

describe('the calendar feed', () => {
  it("gives a collaborator an address whose feed has their companies' due dates from three months back to three ahead, and revoking it ends it", async () => {
    clock = new Date('2026-10-01T15:00:00Z');
    const created = await as(collaborator.token).post('/api/profile/calendar-feed', {});
    expect(created.statusCode, created.body).toBe(200);
    const { path } = created.json() as { path: string };
    expect(path).toMatch(/^\/api\/calendar-feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await as(collaborator.token).get('/api/profile/calendar-feed')).json()).toMatchObject({
      active: true,
      path,
    });

    const feed = await t.request({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.body).toContain('\r\n');
    // About three months back (past dates stay, counted as of today) and three ahead.
    const f29Events = eventsOf(feed.body).filter((event) => event.summary.startsWith('F29'));
    expect(f29Events).toEqual([
      {
        summary: 'F29: Junio 2026',
        start: '2026-07-13', // 12 July is a Sunday
        allDay: true,
        description: 'Período Junio 2026. Empresas: 0 hechas, 0 pendientes, 2 atrasadas.',
      },
      {
        summary: 'F29: Julio 2026',
        start: '2026-08-12',
        allDay: true,
        description: 'Período Julio 2026. Empresas: 0 hechas, 0 pendientes, 2 atrasadas.',
      },
      {
        summary: 'F29: Agosto 2026',
        start: '2026-09-14', // 12 September is a Saturday
        allDay: true,
        description: 'Período Agosto 2026. Empresas: 0 hechas, 0 pendientes, 2 atrasadas.',
      },
      {
        summary: 'F29: Septiembre 2026',
        start: '2026-10-13',
        allDay: true,
        description: 'Período Septiembre 2026. Empresas: 0 hechas, 2 pendientes, 0 atrasadas.',
      },
      {
        summary: 'F29: Octubre 2026',
        start: '2026-11-12',
        allDay: true,
        description: 'Período Octubre 2026. Empresas: 0 hechas, 2 pendientes, 0 atrasadas.',
      },
      {
        summary: 'F29: Noviembre 2026',
        start: '2026-12-14',
        allDay: true,
        description: 'Período Noviembre 2026. Empresas: 0 hechas, 2 pendientes, 0 atrasadas.',
      },
    ]);

    const renewed = await as(collaborator.token).post('/api/profile/calendar-feed', {});
    expect((await t.request({ method: 'GET', url: path })).statusCode).toBe(404);
    const newPath = renewed.json().path as string;
    expect((await t.request({ method: 'GET', url: newPath })).statusCode).toBe(200);
    await as(collaborator.token).delete('/api/profile/calendar-feed');
    const revoked = await t.request({ method: 'GET', url: newPath });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe(taxCalendarMsg.feedNotFound);
  });

  it("gives an owner every company's counts", async () => {
    clock = new Date('2026-10-01T15:00:00Z');
    const { path } = (await as(owner).post('/api/profile/calendar-feed', {})).json() as { path: string };
    const feed = await t.request({ method: 'GET', url: path });
    const september = eventsOf(feed.body).find((event) => event.summary === 'F29: Septiembre 2026');
    expect(september?.description).toBe('Período Septiembre 2026. Empresas: 1 hechas, 2 pendientes, 0 atrasadas.');
  });
});
