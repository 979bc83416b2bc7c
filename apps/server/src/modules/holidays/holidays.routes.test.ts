import { activityKindList } from '@app/shared/activity';
import { msg } from '@app/shared/messages';
import { holidaysMsg } from '@app/shared/messages-holidays';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type { TaskBoard } from '@app/shared/schemas/tasks';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity.ts';
import { createServiceWithStates, insertBusiness, linkService, tokensForEveryRole } from '../../test/factories.ts';
import { type Caller, callerFor } from '../../test/route-suite.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { services } from '../services/services.tables.ts';
import { businessInTask, tasks } from '../tasks/tasks.tables.ts';

// The firm's extra holidays ('Feriados adicionales'): staff read them, owners add and delete them,
// and every due date the server computes skips them like Chile's national holidays. September
// 2026's work with due day 13 falls on Tuesday 13 October; a firm holiday that day moves it to 14.

let t: TestApp;
let api: Record<'owner' | 'collaborator' | 'client' | 'anonymous', Caller>;
const clock = new Date('2026-10-14T15:00:00Z'); // Wednesday 14 October, 12:00 in Santiago
let f29: { serviceId: number; stateIds: number[] };
let taskId: number;
let company: { id: number };
let ownerId: number;
let ownerEmail: string;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  const tokens = await tokensForEveryRole(t);
  api = {
    owner: callerFor(t, () => tokens.owner),
    collaborator: callerFor(t, () => tokens.collaborator),
    client: callerFor(t, () => tokens.client),
    anonymous: callerFor(t),
  };
  const carolina = await t.userWithRole('owner', { name: 'Carolina' });
  ownerId = carolina.id;
  ownerEmail = carolina.email;
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Declarado', pctProgress: 100 },
  ]);
  await t.database.db.update(services).set({ dueDay: 13, dueDayElectronic: 13 }).where(eq(services.id, f29.serviceId));
  company = await insertBusiness(t, { name: 'Aromos', startContract: '2020-01-01', responsibleUserId: ownerId });
  await linkService(t, company.id, f29.serviceId);
  const [task] = await t.database.db
    .insert(tasks)
    .values({ name: 'Conciliación', responsableId: ownerId, expirationDate: 13 })
    .returning();
  taskId = task?.id ?? 0;
  await t.database.db.insert(businessInTask).values({ taskId, businessId: company.id, startDate: '2021-01-01' });
});
afterAll(() => t.close());

const september = '/year/2026/month/9';
async function serviceDue() {
  const board: MonthlyBoard = (await api.owner.get(`/api/monthly-states${september}`)).json();
  const cell = board.rows.find((row) => row.business.id === company.id)?.cells[0];
  return { dueDate: cell?.dueDate, overdue: cell?.overdue };
}
async function taskDue() {
  const board: TaskBoard = (await api.collaborator.get(`/api/business-task-states${september}`)).json();
  return board.dueDates.find((entry) => entry.taskId === taskId)?.dueDate;
}
const add = (date: string, name = 'Feriado por ley', caller = api.owner) =>
  caller.post('/api/holidays', { date, name });

describe('the firm’s extra holidays', () => {
  it('are read by staff, and added and deleted only by owners (client 403, anonymous 401)', async () => {
    expect((await api.collaborator.get('/api/holidays')).statusCode).toBe(200);
    for (const [caller, status, message] of [
      [api.client, 403, msg.forbidden],
      [api.anonymous, 401, msg.unauthorized],
    ] as const) {
      const read = await caller.get('/api/holidays');
      expect([read.statusCode, read.json().message]).toEqual([status, message]);
      const write = await add('2026-11-02', 'x', caller);
      expect([write.statusCode, write.json().message]).toEqual([status, message]);
      const remove = await caller.delete('/api/holidays/1');
      expect([remove.statusCode, remove.json().message]).toEqual([status, message]);
    }
    const byCollaborator = await add('2026-11-02', 'x', api.collaborator);
    expect([byCollaborator.statusCode, byCollaborator.json().message]).toEqual([403, msg.forbidden]);
    expect((await api.collaborator.delete('/api/holidays/1')).statusCode).toBe(403);
    expect((await api.owner.get('/api/holidays')).json()).toEqual([]);
  });

  it('refuses a bad date or name, and a day already added, in Spanish', async () => {
    for (const [payload, field, message] of [
      [{ date: '', name: 'x' }, 'date', holidaysMsg.required],
      [{ date: '2026-02-30', name: 'x' }, 'date', holidaysMsg.invalidDate],
      [{ date: '1999-12-31', name: 'x' }, 'date', holidaysMsg.outOfRange],
      [{ date: '2026-11-02', name: ' ' }, 'name', holidaysMsg.required],
      [{ date: '2026-11-02', name: 'x'.repeat(101) }, 'name', holidaysMsg.nameTooLong],
    ] as const) {
      const response = await api.owner.post('/api/holidays', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field, message }]);
    }
    const first = await add('2026-11-03', 'Uno');
    expect(first.statusCode).toBe(201);
    const again = await add('2026-11-03', 'Otra vez');
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual([{ field: 'date', message: holidaysMsg.exists }]);
    const gone = await api.owner.delete(`/api/holidays/${first.json().holiday.id}`);
    expect(gone.json()).toEqual({ message: holidaysMsg.deleted });
    expect((await api.owner.delete(`/api/holidays/${first.json().holiday.id}`)).statusCode).toBe(404);
  });

  it('move the due dates of both boards past them at once, and back when deleted; each change is in the activity log', async () => {
    expect(await serviceDue()).toEqual({ dueDate: '2026-10-13', overdue: true });
    expect(await taskDue()).toBe('2026-10-13');

    const created = await add('2026-10-13', 'Feriado por ley');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: holidaysMsg.created,
      holiday: { id: expect.any(Number), date: '2026-10-13', name: 'Feriado por ley' },
    });
    expect((await api.collaborator.get('/api/holidays')).json()).toEqual([created.json().holiday]);
    // Past the firm's holiday: Wednesday 14, the day itself, so not late.
    expect(await serviceDue()).toEqual({ dueDate: '2026-10-14', overdue: false });
    expect(await taskDue()).toBe('2026-10-14');

    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(eq(activity.kind, 'holiday'))
      .orderBy(desc(activity.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'created',
      recordLabel: '2026-10-13 Feriado por ley',
      details: { after: { date: '2026-10-13', name: 'Feriado por ley' } },
    });
    expect(activityKindList).toContain('holiday');

    await api.owner.delete(`/api/holidays/${created.json().holiday.id}`);
    expect(await serviceDue()).toEqual({ dueDate: '2026-10-13', overdue: true });
    expect(await taskDue()).toBe('2026-10-13');
  });

  it('hold back the morning digest on that day, like a national holiday', async () => {
    await add('2026-10-15', 'Feriado regional del estudio');
    const mailsToOwner = () => t.mailer.sent.filter((mail) => mail.to.includes(ownerEmail));
    await t.modules.scheduler.tick(new Date('2026-10-15T12:00:00Z')); // Thursday 15, 09:00 in Santiago
    expect(mailsToOwner()).toEqual([]);
    await t.modules.scheduler.tick(new Date('2026-10-16T12:00:00Z')); // Friday 16
    expect(mailsToOwner().map((mail) => mail.subject)).toEqual([
      'Resumen de vencimientos del 16-10-2026: 6 atrasadas y 0 por vencer en los próximos 7 días',
    ]);
  });
});
