import { currentPeriod } from '@app/shared/period';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { failInsertsInto } from '../../db/failing-inserts.fixture.ts';
import { activity } from '../../db/schema/activity.ts';
import { createServiceWithStates, insertBusiness, linkService } from '../../test/factories.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { taskStates } from '../tasks/tasks.tables.ts';
import { monthlyStates } from './monthly-states.tables.ts';

// The activity log's entries of the boards' cell changes: one per cell, written with it.
const { t, roles, api, expectClientAndAnonymousRefused } = appWithEveryRole();

const period = currentPeriod();
const mm = String(period.month).padStart(2, '0');
const boardUrl = `/api/monthly-states/year/${period.year}/month/${period.month}`;
const bulkUrl = `${boardUrl}/bulk`;
const taskCellUrl = (businessId: number, taskId: number) =>
  `/api/business-task-states/year/${period.year}/month/${period.month}/businessId/${businessId}/taskId/${taskId}`;
const cellId = (businessId: number, column: number) => `${businessId}:${column}:${period.year}-${mm}`;

/** F29: Pendiente → Declarado → Pagado (with a value). */
let f29: { serviceId: number; stateIds: number[] };
let collaborator: { id: number; token: string };

beforeAll(async () => {
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Declarado', pctProgress: 50 },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  collaborator = await t.userWithRole('collaborator', { name: 'Javiera', lastName: 'Pérez' });
});

async function companyWithF29(name = `Aromos ${Math.random()}`) {
  const business = await insertBusiness(t, { name, startContract: '2020-01-01' });
  await linkService(t, business.id, f29.serviceId);
  return business;
}

const entriesOf = (kind: string, recordIds: string[]) =>
  t.database.db
    .select()
    .from(activity)
    .where(and(eq(activity.kind, kind), inArray(activity.recordId, recordIds)))
    .orderBy(asc(activity.id));

/** Counts the statements that insert into the activity log while `work` runs. */
async function statementsInto(work: () => Promise<unknown>): Promise<number> {
  const db = t.database.db;
  await db.execute(sql`create table if not exists board_activity_statements (at timestamptz default now())`);
  await db.execute(sql`delete from board_activity_statements`);
  await db.execute(sql`create or replace function board_activity_count() returns trigger language plpgsql
    as $$ begin insert into board_activity_statements default values; return null; end $$`);
  await db.execute(sql`create trigger board_activity_count after insert on activity
    for each statement execute function board_activity_count()`);
  try {
    await work();
  } finally {
    await db.execute(sql`drop trigger board_activity_count on activity`);
  }
  const counted = (await db.execute(sql`select count(*)::int as n from board_activity_statements`)) as unknown as {
    rows: { n: number }[];
  };
  const [row] = counted.rows;
  return row?.n ?? -1;
}

describe('monthly board cell (PUT /api/monthly-states/year/{year}/month/{month})', () => {
  it('writes one entry per change: who, from where, the cell, its state and value before and after by name', async () => {
    const company = await companyWithF29('Aromos Ltda.');
    const put = (stateIndex: number, optionalValue?: number) =>
      t.request({
        method: 'PUT',
        url: boardUrl,
        token: collaborator.token,
        payload: { businessId: company.id, serviceId: f29.serviceId, stateId: f29.stateIds[stateIndex], optionalValue },
      });
    expect((await put(2, 120_000)).statusCode).toBe(200);
    const first = await entriesOf('monthly_state', [cellId(company.id, f29.serviceId)]);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      actorId: collaborator.id,
      actorName: 'Javiera Pérez',
      ip: '127.0.0.1',
      kind: 'monthly_state',
      action: 'updated',
      recordId: cellId(company.id, f29.serviceId),
      recordLabel: `F29 ${mm}-${period.year}`,
      businessId: company.id,
      businessName: 'Aromos Ltda.',
      details: { before: { estado: 'Pendiente', valor: null }, after: { estado: 'Pagado', valor: 120_000 } },
    });

    const owner = await api.owner.put(boardUrl, {
      businessId: company.id,
      serviceId: f29.serviceId,
      stateId: f29.stateIds[1],
    });
    expect(owner.statusCode).toBe(200);
    const both = await entriesOf('monthly_state', [cellId(company.id, f29.serviceId)]);
    expect(both).toHaveLength(2);
    expect(both[1]?.details).toEqual({
      before: { estado: 'Pagado', valor: 120_000 },
      after: { estado: 'Declarado', valor: null },
    });
    expect(both[1]?.actorId).not.toBe(collaborator.id);
  });

  it('writes nothing for a refused change: client, anonymous, a state of another service', async () => {
    const company = await companyWithF29();
    const payload = { businessId: company.id, serviceId: f29.serviceId, stateId: f29.stateIds[1] };
    await expectClientAndAnonymousRefused({ method: 'PUT', url: boardUrl, payload });
    const wrong = await api.owner.put(boardUrl, { ...payload, stateId: 999_999 });
    expect(wrong.statusCode).toBe(400);
    expect(await entriesOf('monthly_state', [cellId(company.id, f29.serviceId)])).toEqual([]);
  });

  it('rolls the change back when its entry cannot be written: the cell unchanged, nothing announced', async () => {
    const company = await companyWithF29();
    const seen: unknown[] = [];
    const stop = t.modules.events.on('monthly-state.changed', (payload) => {
      seen.push(payload);
    });
    const restore = await failInsertsInto(t.database.db, activity);
    const failed = await api.owner.put(boardUrl, {
      businessId: company.id,
      serviceId: f29.serviceId,
      stateId: f29.stateIds[1],
    });
    await restore();
    stop();
    expect(failed.statusCode).toBe(500);
    expect(await t.database.db.select().from(monthlyStates).where(eq(monthlyStates.businessId, company.id))).toEqual(
      [],
    );
    expect(seen).toEqual([]);
    expect(await entriesOf('monthly_state', [cellId(company.id, f29.serviceId)])).toEqual([]);
  });
});

describe('monthly board bulk change (PUT .../bulk)', () => {
  it('writes one entry per cell written, in one statement; none for the cells already there', async () => {
    const companies = [];
    for (let index = 0; index < 5; index++) companies.push(await companyWithF29());
    const ids = companies.map((company) => company.id);
    // One already at Declarado: not written, no entry.
    await api.owner.put(boardUrl, { businessId: ids[0], serviceId: f29.serviceId, stateId: f29.stateIds[1] });
    const before = await entriesOf(
      'monthly_state',
      ids.map((id) => cellId(id, f29.serviceId)),
    );
    expect(before).toHaveLength(1);

    let response: Awaited<ReturnType<typeof api.owner.put>> | undefined;
    const statements = await statementsInto(async () => {
      response = await t.request({
        method: 'PUT',
        url: bulkUrl,
        token: collaborator.token,
        payload: { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids },
      });
    });
    expect(response?.statusCode, response?.body).toBe(200);
    expect(response?.json().updated).toBe(4);
    expect(statements).toBe(1);
    const entries = (
      await entriesOf(
        'monthly_state',
        ids.map((id) => cellId(id, f29.serviceId)),
      )
    ).slice(1);
    expect(entries.map((entry) => entry.businessId)).toEqual(ids.slice(1));
    for (const entry of entries) {
      expect(entry).toMatchObject({
        actorId: collaborator.id,
        actorName: 'Javiera Pérez',
        ip: '127.0.0.1',
        action: 'updated',
        recordLabel: `F29 ${mm}-${period.year}`,
        details: { before: { estado: 'Pendiente', valor: null }, after: { estado: 'Declarado', valor: null } },
      });
      expect(entry.businessName).toBe(companies.find((company) => company.id === entry.businessId)?.name);
    }
  });

  it('writes nothing when refused, and rolls every cell back when its entries cannot be written', async () => {
    const ids = [(await companyWithF29()).id, (await companyWithF29()).id];
    const payload = { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: ids };
    await expectClientAndAnonymousRefused({ method: 'PUT', url: bulkUrl, payload });
    const seen: unknown[] = [];
    const stop = t.modules.events.on('monthly-states.bulk-changed', (event) => {
      seen.push(event);
    });
    const restore = await failInsertsInto(t.database.db, activity);
    const failed = await api.owner.put(bulkUrl, payload);
    await restore();
    stop();
    expect(failed.statusCode).toBe(500);
    expect(await t.database.db.select().from(monthlyStates).where(inArray(monthlyStates.businessId, ids))).toEqual([]);
    expect(seen).toEqual([]);
    expect(
      await entriesOf(
        'monthly_state',
        ids.map((id) => cellId(id, f29.serviceId)),
      ),
    ).toEqual([]);
  });
});

describe('task board cell (PUT /api/business-task-states/...)', () => {
  let task: { id: number };
  beforeAll(async () => {
    const created = await api.owner.post('/api/task', {
      name: 'Declaración de renta',
      responsableCollaborator: collaborator.id,
      expirationDate: 20,
      showInSummary: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    task = created.json().task;
  });

  async function companyWithTask() {
    const business = await insertBusiness(t, { name: `Boldos ${Math.random()}`, startContract: '2020-01-01' });
    const added = await api.owner.post(`/api/task/${task.id}/business/${business.id}`, { startDate: '2020-01-01' });
    expect(added.statusCode, added.body).toBe(201);
    return business;
  }

  it('writes one entry with the task name, the states and values before and after', async () => {
    const company = await companyWithTask();
    const saved = await t.request({
      method: 'PUT',
      url: taskCellUrl(company.id, task.id),
      token: collaborator.token,
      payload: { state: 'En proceso', value: '3 boletas' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const entries = await entriesOf('task_state', [cellId(company.id, task.id)]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: collaborator.id,
      actorName: 'Javiera Pérez',
      ip: '127.0.0.1',
      kind: 'task_state',
      action: 'updated',
      recordLabel: `Declaración de renta ${mm}-${period.year}`,
      businessId: company.id,
      businessName: company.name,
      details: {
        before: { estado: 'No comenzado', valor: null },
        after: { estado: 'En proceso', valor: '3 boletas' },
      },
    });
  });

  it('writes nothing when refused (client, anonymous, another collaborator, an unknown state)', async () => {
    const company = await companyWithTask();
    const url = taskCellUrl(company.id, task.id);
    await expectClientAndAnonymousRefused({ method: 'PUT', url, payload: { state: 'Terminado' } });
    const other = await t.request({ method: 'PUT', url, token: roles.collaborator, payload: { state: 'Terminado' } });
    expect(other.statusCode).toBe(403);
    expect((await api.owner.put(url, { state: 'Quizás' })).statusCode).toBe(400);
    expect(await entriesOf('task_state', [cellId(company.id, task.id)])).toEqual([]);
  });

  it('rolls the change back when its entry cannot be written: the cell unchanged, nothing announced', async () => {
    const company = await companyWithTask();
    const seen: unknown[] = [];
    const stop = t.modules.events.on('task-state.changed', (payload) => {
      seen.push(payload);
    });
    const restore = await failInsertsInto(t.database.db, activity);
    const failed = await api.owner.put(taskCellUrl(company.id, task.id), { state: 'Terminado' });
    await restore();
    stop();
    expect(failed.statusCode).toBe(500);
    expect(await t.database.db.select().from(taskStates).where(eq(taskStates.businessId, company.id))).toEqual([]);
    expect(seen).toEqual([]);
  });
});
