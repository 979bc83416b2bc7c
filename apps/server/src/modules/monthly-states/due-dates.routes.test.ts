import type { BoardCellChange, BoardRow, MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type { TaskBoard } from '@app/shared/schemas/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { services } from '../services/services.tables.ts';

// Each cell's due date on Chile's calendar and its overdue mark, judged on the server's
// day in America/Santiago (a clock the test sets). October 2026: Saturday 10, Monday 12 a holiday
// (Encuentro de Dos Mundos), Sunday 18; September 2026: Friday 18 and Saturday 19 holidays.

let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
let clock = new Date();
const setClock = (iso: string) => {
  clock = new Date(iso);
};

/** F29: due 12 on paper, 20 online. Pendiente → Declarado → Pagado (the last state, with a value). */
let f29: { serviceId: number; stateIds: number[] };
/** Libro: due 18 for every company (no electronic day). */
let book: { serviceId: number; stateIds: number[] };
/** Contabilidad: no due day. */
let accounting: { serviceId: number; stateIds: number[] };
let paper: { id: number };
let online: { id: number };
let unlinked: { id: number };
let owner: { id: number };

const september = { year: 2026, month: 9 };
const boardUrl = (period = september) => `/api/monthly-states/year/${period.year}/month/${period.month}`;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  tokens = await tokensForEveryRole(t);
  owner = await t.userWithRole('collaborator', { name: 'Javier', lastName: 'Pérez' });
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Declarado', pctProgress: 50 },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  book = await createServiceWithStates(
    t,
    'Libro',
    [
      { name: 'Pendiente', pctProgress: 0 },
      { name: 'Listo', pctProgress: 100 },
    ],
    2,
  );
  accounting = await createServiceWithStates(t, 'Contabilidad', [{ name: 'Pendiente', pctProgress: 0 }], 3);
  await t.database.db.update(services).set({ dueDay: 12, dueDayElectronic: 20 }).where(eq(services.id, f29.serviceId));
  await t.database.db.update(services).set({ dueDay: 18 }).where(eq(services.id, book.serviceId));

  paper = await insertBusiness(t, {
    name: 'Aromos',
    startContract: '2020-01-01',
    electronicFiling: false,
    responsibleUserId: owner.id,
  });
  online = await insertBusiness(t, { name: 'Boldos', startContract: '2020-01-01' });
  unlinked = await insertBusiness(t, { name: 'Canelos', startContract: '2020-01-01' });
  for (const company of [paper, online]) {
    for (const service of [f29, book, accounting]) await linkService(t, company.id, service.serviceId);
  }
});
afterAll(() => t.close());
beforeEach(() => setClock('2026-10-13T15:00:00Z')); // Tuesday 13 October, 12:00 in Santiago

async function board(period = september): Promise<MonthlyBoard> {
  const response = await t.request({ method: 'GET', url: boardUrl(period), token: tokens.owner });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const rowOf = (data: MonthlyBoard, businessId: number) => data.rows.find((row) => row.business.id === businessId);
const cellOf = (row: BoardRow | undefined, serviceId: number) =>
  row?.cells.find((cell) => cell.serviceId === serviceId);
const dueOf = (data: MonthlyBoard, businessId: number, serviceId: number) => {
  const cell = cellOf(rowOf(data, businessId), serviceId);
  return cell && { dueDate: cell.dueDate, overdue: cell.overdue };
};

function change(businessId: number, stateIndex: number, optionalValue?: number, token = tokens.owner) {
  return t.request({
    method: 'PUT',
    url: boardUrl(),
    token,
    payload: { businessId, serviceId: f29.serviceId, stateId: f29.stateIds[stateIndex], optionalValue },
  });
}

describe('due dates on the monthly board', () => {
  it('gives a paper company the ordinary due day and an online one the electronic day, moved past weekends and holidays', async () => {
    const data = await board();
    expect(data.today).toBe('2026-10-13');
    // 12 October 2026 is a Monday holiday: Tuesday 13. Online: Tuesday 20.
    expect(dueOf(data, paper.id, f29.serviceId)).toEqual({ dueDate: '2026-10-13', overdue: false });
    expect(dueOf(data, online.id, f29.serviceId)).toEqual({ dueDate: '2026-10-20', overdue: false });
    // 18 October 2026 is a Sunday: Monday 19, for both (no electronic day).
    expect(dueOf(data, paper.id, book.serviceId)).toEqual({ dueDate: '2026-10-19', overdue: false });
    expect(dueOf(data, online.id, book.serviceId)).toEqual({ dueDate: '2026-10-19', overdue: false });
    expect(dueOf(data, paper.id, accounting.serviceId)).toEqual({ dueDate: null, overdue: false });
  });

  it('moves a due day on 18 September past the two holidays and the weekend (August 2026 work)', async () => {
    const data = await board({ year: 2026, month: 8 });
    expect(dueOf(data, paper.id, book.serviceId)).toEqual({ dueDate: '2026-09-21', overdue: true });
    // 12 September 2026 is a Saturday.
    expect(dueOf(data, paper.id, f29.serviceId)).toEqual({ dueDate: '2026-09-14', overdue: true });
  });

  it('marks a cell overdue from the day after its due date in Santiago, and serves the new mark without any change to the data', async () => {
    setClock('2026-10-14T02:59:00Z'); // 23:59 of the 13th in Santiago (UTC-3 since September)
    const onDueDate = await board();
    expect(onDueDate.today).toBe('2026-10-13');
    expect(dueOf(onDueDate, paper.id, f29.serviceId)).toEqual({ dueDate: '2026-10-13', overdue: false });

    setClock('2026-10-14T03:00:00Z'); // midnight: the 14th
    const dayAfter = await board();
    expect(dayAfter.today).toBe('2026-10-14');
    expect(dueOf(dayAfter, paper.id, f29.serviceId)).toEqual({ dueDate: '2026-10-13', overdue: true });
    expect(dueOf(dayAfter, online.id, f29.serviceId)).toEqual({ dueDate: '2026-10-20', overdue: false });
    expect(dueOf(dayAfter, paper.id, accounting.serviceId)).toEqual({ dueDate: null, overdue: false });

    setClock('2026-10-20T15:00:00Z');
    expect(dueOf(await board(), online.id, f29.serviceId)).toEqual({ dueDate: '2026-10-20', overdue: false });
    setClock('2026-10-21T15:00:00Z');
    expect(dueOf(await board(), online.id, f29.serviceId)).toEqual({ dueDate: '2026-10-20', overdue: true });
  });

  it('never marks an N/A cell, however late', async () => {
    setClock('2027-03-01T15:00:00Z');
    const data = await board();
    for (const service of [f29, book, accounting]) {
      expect(cellOf(rowOf(data, unlinked.id), service.serviceId)).toMatchObject({
        applies: false,
        dueDate: null,
        overdue: false,
      });
    }
  });

  it('answers a change, and sends it live, with the cell’s due date and overdue: never overdue at the last state', async () => {
    setClock('2026-10-15T15:00:00Z');
    const sent: BoardCellChange[] = [];
    const stop = t.modules.events.on('monthly-state.changed', (event) => {
      sent.push(event);
    });

    const paid = await change(paper.id, 2, 150_000);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().cell).toMatchObject({ stateId: f29.stateIds[2], dueDate: '2026-10-13', overdue: false });
    expect(dueOf(await board(), paper.id, f29.serviceId)).toEqual({ dueDate: '2026-10-13', overdue: false });

    const declared = await change(paper.id, 1);
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().cell).toMatchObject({ stateId: f29.stateIds[1], dueDate: '2026-10-13', overdue: true });
    expect(dueOf(await board(), paper.id, f29.serviceId)).toEqual({ dueDate: '2026-10-13', overdue: true });

    // Before the due date the same change is not late.
    setClock('2026-10-13T15:00:00Z');
    const early = await change(online.id, 1);
    expect(early.json().cell).toMatchObject({ dueDate: '2026-10-20', overdue: false });

    expect(sent.map((event) => [event.businessId, event.cell.dueDate, event.cell.overdue])).toEqual([
      [paper.id, '2026-10-13', false],
      [paper.id, '2026-10-13', true],
      [online.id, '2026-10-20', false],
    ]);
    stop();
    await change(paper.id, 0); // back to Pendiente for the other tests
  });

  it('names each company’s owner (responsibleUserId), null when it has none', async () => {
    const data = await board();
    expect(rowOf(data, paper.id)?.business.responsibleUserId).toBe(owner.id);
    expect(rowOf(data, online.id)?.business.responsibleUserId).toBe(null);
  });

  it('follows a company switching to paper filing on the next read', async () => {
    expect(dueOf(await board(), online.id, f29.serviceId)).toEqual({ dueDate: '2026-10-20', overdue: false });
    await t.database.db.update(businesses).set({ electronicFiling: false }).where(eq(businesses.id, online.id));
    try {
      expect(dueOf(await board(), online.id, f29.serviceId)).toEqual({ dueDate: '2026-10-13', overdue: false });
    } finally {
      await t.database.db.update(businesses).set({ electronicFiling: true }).where(eq(businesses.id, online.id));
    }
  });

  it('stays for staff: a client gets 403 and an anonymous caller 401, on reading and on changing', async () => {
    expect((await t.request({ method: 'GET', url: boardUrl(), token: tokens.client })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: boardUrl() })).statusCode).toBe(401);
    expect((await change(paper.id, 1, undefined, tokens.client)).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: boardUrl(), payload: {} })).statusCode).toBe(401);
    const collaborator = await t.request({ method: 'GET', url: boardUrl(), token: tokens.collaborator });
    expect(collaborator.statusCode).toBe(200);
    expect(dueOf(collaborator.json(), paper.id, f29.serviceId)).toEqual({ dueDate: '2026-10-13', overdue: false });
  });
});

describe('the task board', () => {
  it('names each company’s owner and the day it was built on in Santiago', async () => {
    setClock('2026-10-14T02:59:00Z'); // 23:59 of the 13th in Santiago
    const response = await t.request({
      method: 'GET',
      url: '/api/business-task-states/year/2026/month/9',
      token: tokens.owner,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data: TaskBoard = response.json();
    expect(data.today).toBe('2026-10-13');
    expect(data.rows.find((row) => row.id === paper.id)?.responsibleUserId).toBe(owner.id);
    expect(data.rows.find((row) => row.id === online.id)?.responsibleUserId).toBe(null);
  });

  it('gives a task with day 12 the due date of a service with due day 12: past the Monday 12 October holiday', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/task',
      token: tokens.owner,
      payload: { name: 'Conciliación', responsableCollaborator: owner.id, expirationDate: 12, showInSummary: false },
    });
    expect(created.statusCode, created.body).toBe(201);
    const taskId: number = created.json().task.id;
    const response = await t.request({
      method: 'GET',
      url: '/api/business-task-states/year/2026/month/9',
      token: tokens.owner,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data: TaskBoard = response.json();
    const services = await board();
    expect(dueOf(services, paper.id, f29.serviceId)?.dueDate).toBe('2026-10-13');
    expect(data.dueDates.find((entry) => entry.taskId === taskId)?.dueDate).toBe('2026-10-13');
    // August's: Saturday 12 September, so Monday 14, as the service's.
    const august = await t.request({
      method: 'GET',
      url: '/api/business-task-states/year/2026/month/8',
      token: tokens.owner,
    });
    const augustData: TaskBoard = august.json();
    expect(augustData.dueDates.find((entry) => entry.taskId === taskId)?.dueDate).toBe('2026-09-14');
  });
});
