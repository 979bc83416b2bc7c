import { boardMsg } from '@app/shared/messages-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import type { MonthlyBoard } from '@app/shared/schemas/monthly-states';
import type { TaskBoard } from '@app/shared/schemas/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { services } from '../services/services.tables.ts';
import { businessInTask, tasks } from '../tasks/tasks.tables.ts';

// 'Seguimiento desde': a company onboarded in November 2026 with years of contract before. Its
// cells of earlier months are 'N/A' on both boards, never late, never counted nor sent in the
// morning digest; from November on they are ordinary cells. Clock: Wednesday 9 December 2026.

let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
const clock = new Date('2026-12-09T15:00:00Z');
let f29: { serviceId: number; stateIds: number[] };
let taskId: number;
let onboarded: { id: number; name: string };
let tracked: { id: number; name: string };
let carolina: { id: number; email: string };

const september = { year: 2026, month: 9 };
const november = { year: 2026, month: 11 };
const boardUrl = (period: { year: number; month: number }) =>
  `/api/monthly-states/year/${period.year}/month/${period.month}`;
const taskBoardUrl = (period: { year: number; month: number }) =>
  `/api/business-task-states/year/${period.year}/month/${period.month}`;

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  tokens = await tokensForEveryRole(t);
  carolina = await t.userWithRole('owner', { name: 'Carolina' });
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Declarado', pctProgress: 100 },
  ]);
  await t.database.db.update(services).set({ dueDay: 12, dueDayElectronic: 20 }).where(eq(services.id, f29.serviceId));
  onboarded = await insertBusiness(t, {
    name: 'Aromos',
    startContract: '2020-01-01',
    trackingSince: '2026-11',
    responsibleUserId: carolina.id,
  });
  tracked = await insertBusiness(t, { name: 'Boldos', startContract: '2020-01-01', responsibleUserId: carolina.id });
  const [task] = await t.database.db
    .insert(tasks)
    .values({ name: 'Conciliación', responsableId: carolina.id, expirationDate: 15, showInSummary: true })
    .returning();
  taskId = task?.id ?? 0;
  for (const company of [onboarded, tracked]) {
    await linkService(t, company.id, f29.serviceId, '2020-01-01');
    await t.database.db.insert(businessInTask).values({ taskId, businessId: company.id, startDate: '2020-01-01' });
  }
});
afterAll(() => t.close());

async function monthlyBoard(period: { year: number; month: number }): Promise<MonthlyBoard> {
  const response = await t.request({ method: 'GET', url: boardUrl(period), token: tokens.owner });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function taskBoard(period: { year: number; month: number }): Promise<TaskBoard> {
  const response = await t.request({ method: 'GET', url: taskBoardUrl(period), token: tokens.owner });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const cellOf = (board: MonthlyBoard, businessId: number) =>
  board.rows.find((row) => row.business.id === businessId)?.cells.find((cell) => cell.serviceId === f29.serviceId);
const taskCellOf = (board: TaskBoard, businessId: number) =>
  board.rows.find((row) => row.id === businessId)?.taskStates.find((cell) => cell.taskId === taskId);

describe("a company's months before 'Seguimiento desde'", () => {
  it('are N/A on the monthly board, not late and without progress, while a tracked company is late', async () => {
    const board = await monthlyBoard(september);
    expect(cellOf(board, onboarded.id)).toEqual({
      serviceId: f29.serviceId,
      applies: false,
      stateId: null,
      value: null,
      lastChange: null,
      dueDate: null,
      overdue: false,
    });
    expect(board.rows.find((row) => row.business.id === onboarded.id)?.progress).toBe(0);
    expect(cellOf(board, tracked.id)).toMatchObject({ applies: true, dueDate: '2026-10-20', overdue: true });
    // From its first month on, an ordinary cell (November's is due 21 December: not late yet).
    expect(cellOf(await monthlyBoard(november), onboarded.id)).toMatchObject({
      applies: true,
      stateId: f29.stateIds[0],
      dueDate: '2026-12-21',
      overdue: false,
    });
  });

  it('cannot be changed one by one (N/A message) and are skipped by a bulk change', async () => {
    const single = await t.request({
      method: 'PUT',
      url: boardUrl(september),
      token: tokens.owner,
      payload: { businessId: onboarded.id, serviceId: f29.serviceId, stateId: f29.stateIds[1] },
    });
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe(boardMsg.serviceDoesNotApply);

    const bulk = await t.request({
      method: 'PUT',
      url: `${boardUrl(september)}/bulk`,
      token: tokens.owner,
      payload: { serviceId: f29.serviceId, stateId: f29.stateIds[1], businessIds: [onboarded.id, tracked.id] },
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toMatchObject({ updated: 1, skipped: 1, unchanged: 0 });
    expect(cellOf(await monthlyBoard(september), onboarded.id)?.applies).toBe(false);
    await t.request({
      method: 'PUT',
      url: boardUrl(september),
      token: tokens.owner,
      payload: { businessId: tracked.id, serviceId: f29.serviceId, stateId: f29.stateIds[0] },
    });
  });

  it('are N/A on the task board too: not counted in the summary, and not changeable', async () => {
    const board = await taskBoard(september);
    expect(taskCellOf(board, onboarded.id)).toEqual({ taskId, state: 'N/A', value: null, lastChange: null });
    expect(taskCellOf(board, tracked.id)?.state).toBe('No comenzado');
    expect(board.dueDates).toEqual([{ taskId, dueDate: '2026-10-15' }]);
    const change = (period: { year: number; month: number }) =>
      t.request({
        method: 'PUT',
        url: `${taskBoardUrl(period)}/businessId/${tracked.id}/taskId/${taskId}`,
        token: tokens.owner,
        payload: { state: 'Terminado', value: '' },
      });
    // The tracked company's cell done: the summary counts it over one applicable company, not two.
    expect((await change(september)).statusCode).toBe(200);
    expect((await taskBoard(september)).summary).toEqual([{ taskId, percent: 100 }]);

    const refused = await t.request({
      method: 'PUT',
      url: `${taskBoardUrl(september)}/businessId/${onboarded.id}/taskId/${taskId}`,
      token: tokens.owner,
      payload: { state: 'Terminado', value: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(tasksMsg.taskDoesNotApply);
    expect(taskCellOf(await taskBoard(november), onboarded.id)?.state).toBe('No comenzado');
  });

  it('stay out of the morning digest, while its months from then on are in it', async () => {
    await t.modules.scheduler.tick(new Date('2026-12-09T11:00:00Z')); // Wednesday 08:00 in Santiago
    const [mail, ...more] = t.mailer.sent.filter((sent) => sent.to.includes(carolina.email));
    expect(more).toEqual([]);
    const sections = (mail?.text ?? '').split('\n\n');
    const section = (name: string) =>
      sections
        .find((part) => part.startsWith(`${name} (`))
        ?.split('\n')
        .slice(1);
    expect(mail?.subject).toBe(
      'Resumen de vencimientos del 09-12-2026: 3 atrasadas y 2 por vencer en los próximos 7 días',
    );
    // Aromos: only November, its first tracked month; none of September's or October's cells.
    expect(section('Aromos')).toEqual([
      '- Tarea Conciliación (noviembre 2026): No comenzado, vence el 15-12-2026, vence en 6 días',
    ]);
    expect(section('Boldos')).toEqual([
      '- F29 (septiembre 2026): Pendiente, vence el 20-10-2026, atrasada',
      '- Tarea Conciliación (octubre 2026): No comenzado, vence el 16-11-2026, atrasada',
      '- F29 (octubre 2026): Pendiente, vence el 20-11-2026, atrasada',
      '- Tarea Conciliación (noviembre 2026): No comenzado, vence el 15-12-2026, vence en 6 días',
    ]);
  });
});
