import { msg } from '@app/shared/messages';
import { panelMsg } from '@app/shared/messages-panel';
import type { CollectionsList } from '@app/shared/schemas/billing-collections';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type {
  PanelBilling,
  PanelProgress,
  PanelPunctuality,
  PanelRequestAge,
  PanelWorkload,
} from '@app/shared/schemas/panel';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCharge } from '../../test/collections-factories.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { monthlyStateHistory } from '../monthly-states/monthly-states.tables.ts';
import { documentRequestItems, documentRequests } from '../requests/requests.tables.ts';
import { serviceFolders, services } from '../services/services.tables.ts';

// Tuesday 20 October 2026 in Santiago: the current period is September (before the 25th). September's
// F29 (due day 12: Monday 12 October is a holiday) fell due on Tuesday 13; its 'Libro' (due day 23)
// falls due on Friday 23, within this week (Monday 19 to Sunday 25).
const clock = new Date('2026-10-20T15:00:00Z');

let t: TestApp;
let owner: string;
let client: string;
let collaborator: { id: number; token: string };
let otherCollaborator: { id: number; token: string };
let f29: { serviceId: number; stateIds: number[] };
let libro: { serviceId: number; stateIds: number[] };
let mine: { id: number };
let alsoMine: { id: number };
let others: { id: number };

const get = (token: string | undefined, url: string) => t.request({ method: 'GET', url, token });

/** Sets when a cell's history says it reached its state (the test's own past). */
async function reachedAt(businessId: number, serviceId: number, at: string) {
  await t.database.db
    .update(monthlyStateHistory)
    .set({ createdAt: new Date(at) })
    .where(
      and(
        eq(monthlyStateHistory.businessId, businessId),
        eq(monthlyStateHistory.serviceId, serviceId),
        eq(monthlyStateHistory.year, 2026),
        eq(monthlyStateHistory.month, 9),
      ),
    );
}

/** The board's count of cells per service and state, 'N/A' cells left out. */
function boardCounts(board: MonthlyBoard, responsible?: number) {
  const counts: Record<string, number> = {};
  for (const row of board.rows) {
    if (responsible !== undefined && row.business.responsibleUserId !== responsible) continue;
    for (const cell of row.cells) {
      if (!cell.applies || cell.stateId === null) continue;
      const key = `${cell.serviceId}:${cell.stateId}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
  }
  return counts;
}
function panelCounts(progress: PanelProgress) {
  const counts: Record<string, number> = {};
  for (const service of progress.services)
    for (const state of service.states)
      if (state.count > 0) counts[`${service.serviceId}:${state.stateId}`] = state.count;
  return counts;
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  owner = await t.ownerToken();
  collaborator = await t.userWithRole('collaborator');
  otherCollaborator = await t.userWithRole('collaborator');
  const clientBusiness = await insertBusiness(t, { startContract: '2020-01-01', endContract: '2020-12-31' });
  client = (await t.userWithRole('client', { businessId: clientBusiness.id })).token;
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0, color: '#E74C3C' },
    { name: 'En proceso', pctProgress: 50, color: '#F1C40F' },
    { name: 'Declarado', pctProgress: 100, color: '#2ECC71' },
  ]);
  libro = await createServiceWithStates(
    t,
    'Libro',
    [
      { name: 'Pendiente', pctProgress: 0 },
      { name: 'Listo', pctProgress: 100 },
    ],
    2,
  );
  await t.database.db.update(services).set({ dueDay: 12 }).where(eq(services.id, f29.serviceId));
  await t.database.db.update(services).set({ dueDay: 23 }).where(eq(services.id, libro.serviceId));
  mine = await insertBusiness(t, { name: 'Aromos', startContract: '2020-01-01', responsibleUserId: collaborator.id });
  alsoMine = await insertBusiness(t, {
    name: 'Boldos',
    startContract: '2020-01-01',
    responsibleUserId: collaborator.id,
  });
  others = await insertBusiness(t, { name: 'Canelos', startContract: '2020-01-01' });
  // Not counted: tracked only from October ('Seguimiento desde'), a contract ended, a company without the service.
  const notYetTracked = await insertBusiness(t, {
    name: 'Espinos',
    startContract: '2020-01-01',
    trackingSince: '2026-10',
    responsibleUserId: collaborator.id,
  });
  const ended = await insertBusiness(t, { name: 'Fresnos', startContract: '2020-01-01', endContract: '2026-06-30' });
  await insertBusiness(t, { name: 'Guindos', startContract: '2020-01-01', responsibleUserId: otherCollaborator.id });
  for (const company of [mine, alsoMine, others, notYetTracked, ended]) await linkService(t, company.id, f29.serviceId);
  for (const company of [mine, others]) await linkService(t, company.id, libro.serviceId);

  const put = async (businessId: number, serviceId: number, stateId: number | undefined) => {
    const saved = await t.request({
      method: 'PUT',
      url: '/api/monthly-states/year/2026/month/9',
      token: owner,
      payload: { businessId, serviceId, stateId },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  };
  // September's F29: Canelos declared on the 10th (on time), Boldos on the 15th (late), Aromos in process (overdue).
  await put(others.id, f29.serviceId, f29.stateIds[2]);
  await put(alsoMine.id, f29.serviceId, f29.stateIds[2]);
  await put(mine.id, f29.serviceId, f29.stateIds[1]);
  await reachedAt(others.id, f29.serviceId, '2026-10-10T15:00:00Z');
  await reachedAt(alsoMine.id, f29.serviceId, '2026-10-15T15:00:00Z');
});
afterAll(() => t.close());

describe('GET /api/panel/progress', () => {
  it('refuses anonymous (401) and clients (403)', async () => {
    expect((await get(undefined, '/api/panel/progress')).statusCode).toBe(401);
    const asClient = await get(client, '/api/panel/progress');
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ message: msg.forbidden });
  });

  it("counts the current period's cells per service and state exactly as the monthly board shows them", async () => {
    const progress = (await get(owner, '/api/panel/progress')).json() as PanelProgress;
    expect([progress.year, progress.month, progress.responsible]).toEqual([2026, 9, null]);
    const board = (await get(owner, '/api/monthly-states/year/2026/month/9')).json() as MonthlyBoard;
    expect(panelCounts(progress)).toEqual(boardCounts(board));
    const f29Row = progress.services.find((service) => service.serviceId === f29.serviceId);
    expect(f29Row?.states.map((state) => [state.name, state.color, state.count])).toEqual([
      ['Pendiente', '#E74C3C', 0],
      ['En proceso', '#F1C40F', 1],
      ['Declarado', '#2ECC71', 2],
    ]);
    expect(f29Row?.total).toBe(3); // Espinos (not yet tracked) and Fresnos (contract ended) are 'N/A'
    expect(progress.services.find((service) => service.serviceId === libro.serviceId)?.states[0]?.count).toBe(2);
  });

  it("filters by 'Encargado' as the board does, and answers an earlier period", async () => {
    const progress = (await get(owner, `/api/panel/progress?encargado=${collaborator.id}`)).json() as PanelProgress;
    const board = (await get(owner, '/api/monthly-states/year/2026/month/9')).json() as MonthlyBoard;
    expect(panelCounts(progress)).toEqual(boardCounts(board, collaborator.id));
    expect(panelCounts(progress)).toEqual({
      [`${f29.serviceId}:${f29.stateIds[1]}`]: 1,
      [`${f29.serviceId}:${f29.stateIds[2]}`]: 1,
      [`${libro.serviceId}:${libro.stateIds[0]}`]: 1,
    });
    const august = (await get(owner, '/api/panel/progress?anio=2026&mes=8&encargado=none')).json() as PanelProgress;
    expect(panelCounts(august)).toEqual({
      [`${f29.serviceId}:${f29.stateIds[0]}`]: 1,
      [`${libro.serviceId}:${libro.stateIds[0]}`]: 1,
    });
  });

  it('shows a collaborator only their companies, refusing anyone else’s; refuses a future period', async () => {
    const own = (await get(collaborator.token, '/api/panel/progress')).json() as PanelProgress;
    expect(own.responsible).toBe(collaborator.id);
    expect(own.services.map((service) => [service.name, service.total])).toEqual([
      ['F29', 2],
      ['Libro', 1],
    ]);
    for (const other of [otherCollaborator.id, 'none']) {
      const refused = await get(collaborator.token, `/api/panel/progress?encargado=${other}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: panelMsg.onlyOwnCompanies });
    }
    const future = await get(owner, '/api/panel/progress?anio=2026&mes=10');
    expect(future.statusCode).toBe(400);
    const wrong = await get(owner, '/api/panel/progress?mes=13');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(panelMsg.invalidMonth);
  });
});

describe('GET /api/panel/punctuality', () => {
  it('refuses anonymous (401) and clients (403)', async () => {
    expect((await get(undefined, '/api/panel/punctuality')).statusCode).toBe(401);
    expect((await get(client, '/api/panel/punctuality')).statusCode).toBe(403);
  });

  it('counts each period’s cells done by their due date, after it, and not done past it', async () => {
    const answer = (await get(owner, '/api/panel/punctuality')).json() as PanelPunctuality;
    expect(answer.months).toHaveLength(12);
    expect(answer.months.map((month) => `${month.year}-${month.month}`).slice(-2)).toEqual(['2026-8', '2026-9']);
    // September: Canelos on time (10 Oct ≤ 13 Oct), Boldos late (15 Oct), Aromos not done; 'Libro' not due yet.
    expect(answer.months[11]).toEqual({ year: 2026, month: 9, onTime: 1, late: 1, overdue: 1, pending: 2 });
    // August: nothing done, all past their due dates: F29 of Aromos, Boldos and Canelos (Fresnos's contract
    // ended in June, Espinos is tracked from October), 'Libro' of Aromos and Canelos.
    expect(answer.months[10]).toEqual({ year: 2026, month: 8, onTime: 0, late: 0, overdue: 5, pending: 0 });
  });

  it("shows a collaborator their own companies' cells only", async () => {
    const answer = (await get(collaborator.token, '/api/panel/punctuality')).json() as PanelPunctuality;
    expect(answer.responsible).toBe(collaborator.id);
    expect(answer.months[11]).toEqual({ year: 2026, month: 9, onTime: 0, late: 1, overdue: 1, pending: 1 });
    expect((await get(collaborator.token, '/api/panel/punctuality?encargado=none')).statusCode).toBe(403);
  });
});

describe('GET /api/panel/workload', () => {
  it('refuses anonymous (401) and clients (403)', async () => {
    expect((await get(undefined, '/api/panel/workload')).statusCode).toBe(401);
    expect((await get(client, '/api/panel/workload')).statusCode).toBe(403);
  });

  it("counts per 'Encargado' the current period's open cells, due this week and late, without an owner last", async () => {
    const answer = (await get(owner, '/api/panel/workload')).json() as PanelWorkload;
    expect([answer.weekStart, answer.weekEnd]).toEqual(['2026-10-19', '2026-10-25']);
    expect(answer.rows.map((row) => [row.responsibleUserId, row.pending, row.dueThisWeek, row.late])).toEqual([
      [collaborator.id, 2, 1, 1],
      [null, 1, 1, 0],
    ]);
    expect(answer.rows[1]?.name).toBe('Sin encargado');
    const board = (await get(owner, '/api/monthly-states/year/2026/month/9')).json() as MonthlyBoard;
    const lateOnBoard = board.rows
      .filter((row) => row.business.responsibleUserId === collaborator.id)
      .flatMap((row) => row.cells.filter((cell) => cell.overdue)).length;
    expect(answer.rows[0]?.late).toBe(lateOnBoard);
  });

  it('gives a collaborator their own row only, and refuses them anyone else’s (403)', async () => {
    const answer = (await get(collaborator.token, '/api/panel/workload')).json() as PanelWorkload;
    expect(answer.rows.map((row) => [row.responsibleUserId, row.pending])).toEqual([[collaborator.id, 2]]);
    const empty = (await get(otherCollaborator.token, '/api/panel/workload')).json() as PanelWorkload;
    expect(empty.rows).toEqual([]);
    expect((await get(collaborator.token, '/api/panel/workload?encargado=none')).statusCode).toBe(403);
  });

  it("gives an owner filtering by 'Encargado' (or 'Sin encargado') that row alone, as the board's filter", async () => {
    const theirs = (await get(owner, `/api/panel/workload?encargado=${collaborator.id}`)).json() as PanelWorkload;
    expect(theirs.rows.map((row) => [row.responsibleUserId, row.pending, row.dueThisWeek, row.late])).toEqual([
      [collaborator.id, 2, 1, 1],
    ]);
    const none = (await get(owner, '/api/panel/workload?encargado=none')).json() as PanelWorkload;
    expect(none.rows.map((row) => [row.responsibleUserId, row.name, row.pending])).toEqual([
      [null, 'Sin encargado', 1],
    ]);
  });
});

describe('GET /api/panel/requests-age', () => {
  beforeAll(async () => {
    const [folder] = await t.database.db
      .insert(serviceFolders)
      .values({ serviceId: f29.serviceId, name: 'Carpeta' })
      .returning();
    const request = async (businessId: number, createdAt: string, statuses: ('pending' | 'received')[]) => {
      const [row] = await t.database.db
        .insert(documentRequests)
        .values({
          businessId,
          year: 2026,
          month: 9,
          title: 'Documentos',
          dueDate: '2026-10-10',
          createdAt: new Date(createdAt),
        })
        .returning();
      for (const status of statuses)
        await t.database.db
          .insert(documentRequestItems)
          .values({ requestId: row?.id as number, name: 'Cartola', serviceFolderId: folder?.id as number, status });
    };
    await request(mine.id, '2026-10-18T15:00:00Z', ['pending']); // 2 days
    await request(mine.id, '2026-10-01T15:00:00Z', ['received', 'pending']); // 19 days
    await request(others.id, '2026-08-01T15:00:00Z', ['pending']); // 80 days
    await request(others.id, '2026-10-19T15:00:00Z', ['received']); // complete: not counted
  });

  it('refuses anonymous (401) and clients (403)', async () => {
    expect((await get(undefined, '/api/panel/requests-age')).statusCode).toBe(401);
    expect((await get(client, '/api/panel/requests-age')).statusCode).toBe(403);
  });

  it('counts the requests waiting by days since they were made, complete ones left out', async () => {
    const answer = (await get(owner, '/api/panel/requests-age')).json() as PanelRequestAge;
    expect(answer.buckets.map((bucket) => [bucket.label, bucket.count, bucket.period])).toEqual([
      ['0–7 días', 1, '2026-09'],
      ['8–30 días', 1, '2026-09'],
      ['31–60 días', 0, null],
      ['más de 60 días', 1, '2026-09'],
    ]);
    const own = (await get(collaborator.token, '/api/panel/requests-age')).json() as PanelRequestAge;
    expect(own.buckets.map((bucket) => bucket.count)).toEqual([1, 1, 0, 0]);
    const none = (await get(owner, '/api/panel/requests-age?encargado=none')).json() as PanelRequestAge;
    expect(none.buckets.map((bucket) => bucket.count)).toEqual([0, 0, 0, 1]);
  });
});

describe('GET /api/panel/billing', () => {
  beforeAll(async () => {
    await insertCharge(t, { businessId: others.id, total: 100_000, issueDate: '2026-09-01', dueDate: '2026-09-11' });
    await insertCharge(t, { businessId: mine.id, total: 50_000, issueDate: '2026-10-01', dueDate: '2026-10-31' });
    await insertCharge(t, {
      businessId: mine.id,
      total: 70_000,
      issueDate: '2026-10-02',
      dueDate: '2026-10-31',
      status: 'draft',
    });
    const paid = await t.request({
      method: 'POST',
      url: '/api/billing/payments',
      token: owner,
      payload: { businessId: others.id, date: '2026-10-05', amount: '40.000', method: 'transferencia' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
  });

  it('refuses anonymous (401), clients and collaborators (403)', async () => {
    expect((await get(undefined, '/api/panel/billing')).statusCode).toBe(401);
    expect((await get(client, '/api/panel/billing')).statusCode).toBe(403);
    const asCollaborator = await get(collaborator.token, '/api/panel/billing');
    expect(asCollaborator.statusCode).toBe(403);
    expect(asCollaborator.json()).toEqual({ message: msg.forbidden });
  });

  it('sums issued charges by issue month and payments by date, and what is open by aging as Cobranza does', async () => {
    const answer = (await get(owner, '/api/panel/billing')).json() as PanelBilling;
    expect(answer.months).toHaveLength(12);
    expect(answer.months.slice(-2)).toEqual([
      { year: 2026, month: 9, billed: 100_000, collected: 0 },
      { year: 2026, month: 10, billed: 50_000, collected: 40_000 },
    ]);
    expect(answer.aging.map((bucket) => [bucket.bucket, bucket.amount])).toEqual([
      ['current', 120_000],
      ['d1_30', 0],
      ['d31_60', 60_000],
      ['d61_90', 0],
      ['d90_plus', 0],
    ]);
    const collections = (await get(owner, '/api/billing/collections')).json() as CollectionsList;
    expect(Object.fromEntries(answer.aging.map((bucket) => [bucket.bucket, bucket.amount]))).toEqual(
      collections.totals.buckets,
    );
  });
});
