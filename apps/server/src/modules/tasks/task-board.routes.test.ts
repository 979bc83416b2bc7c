import { boardMsg } from '@app/shared/messages-board';
import { tasksMsg } from '@app/shared/messages-tasks';
import { currentPeriod } from '@app/shared/period';
import type { TaskBoard, TaskCellChange } from '@app/shared/schemas/tasks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failInsertsInto } from '../../db/failing-inserts.fixture.ts';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { taskStatesRepository } from './task-states.repository.ts';
import { taskStateHistory } from './tasks.tables.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
/** The collaborator responsible of `declaration`; tokens.collaborator is responsible of nothing. */
let responsible: { id: number; token: string };
let declaration: { id: number };
let payroll: { id: number };
let inBoth: { id: number };
let inNone: { id: number };
const period = currentPeriod();
const boardUrl = `/api/business-task-states/year/${period.year}/month/${period.month}`;
const cellUrl = (businessId: number, taskId: number, at = period) =>
  `/api/business-task-states/year/${at.year}/month/${at.month}/businessId/${businessId}/taskId/${taskId}`;

async function createTask(name: string, responsableCollaborator: number, showInSummary = true) {
  const response = await t.request({
    method: 'POST',
    url: '/api/task',
    token: tokens.owner,
    payload: { name, responsableCollaborator, expirationDate: 20, showInSummary },
  });
  expect(response.statusCode).toBe(201);
  return response.json().task as { id: number };
}

async function addToTask(taskId: number, businessId: number, startDate = '2020-01-01') {
  const response = await t.request({
    method: 'POST',
    url: `/api/task/${taskId}/business/${businessId}`,
    token: tokens.owner,
    payload: { startDate },
  });
  expect(response.statusCode).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensForEveryRole(t);
  responsible = await t.userWithRole('collaborator', { name: 'Javiera', lastName: 'Pérez' });
  const ownerId = (await t.request({ method: 'GET', url: '/api/user/me', token: tokens.owner })).json().id;
  declaration = await createTask('Declaración F29', responsible.id);
  payroll = await createTask('Remuneraciones', ownerId);
  inBoth = await insertBusiness(t, { name: 'Aromos', startContract: '2020-01-01' });
  inNone = await insertBusiness(t, { name: 'Boldos', startContract: '2020-01-01' });
  await addToTask(declaration.id, inBoth.id);
  await addToTask(payroll.id, inBoth.id);
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

async function board(token = tokens.owner, url = boardUrl): Promise<TaskBoard> {
  const response = await t.request({ method: 'GET', url, token });
  expect(response.statusCode).toBe(200);
  return response.json();
}
const cellOf = (data: TaskBoard, businessId: number, taskId: number) =>
  data.rows.find((row) => row.id === businessId)?.taskStates.find((cell) => cell.taskId === taskId);
const change = (businessId: number, taskId: number, payload: Record<string, unknown>, token = tokens.owner) =>
  t.request({ method: 'PUT', url: cellUrl(businessId, taskId), token, payload });

describe('GET /api/business-task-states/year/{year}/month/{month}', () => {
  it('shows a column per task with its responsible, "No comenzado" where a task applies and N/A elsewhere', async () => {
    const data = await board();
    expect(data.tasks.map((task) => task.name)).toEqual(['Declaración F29', 'Remuneraciones']);
    expect(data.tasks[0]?.responsableCollaborator).toEqual({ id: responsible.id, name: 'Javiera', lastName: 'Pérez' });
    const row = data.rows.find((candidate) => candidate.id === inBoth.id);
    expect(row).toMatchObject({ name: 'Aromos', rut: expect.any(String) });
    expect(cellOf(data, inBoth.id, declaration.id)).toEqual({
      taskId: declaration.id,
      state: 'No comenzado',
      value: null,
      lastChange: null,
    });
    expect(cellOf(data, inNone.id, declaration.id)?.state).toBe('N/A');
  });

  it('gives N/A to a company that joins the task after the period ends, and leaves out companies without a contract that month', async () => {
    const later = await insertBusiness(t, { startContract: '2020-01-01' });
    await addToTask(declaration.id, later.id, '2099-01-01');
    const ended = await insertBusiness(t, { startContract: '2015-01-01', endContract: '2016-12-31' });
    const data = await board();
    expect(cellOf(data, later.id, declaration.id)?.state).toBe('N/A');
    expect(data.rows.some((row) => row.id === ended.id)).toBe(false);
  });

  it('refuses a period after the current one and a month out of range', async () => {
    const next = period.month === 12 ? { year: period.year + 1, month: 1 } : { ...period, month: period.month + 1 };
    const future = await t.request({
      method: 'GET',
      url: `/api/business-task-states/year/${next.year}/month/${next.month}`,
      token: tokens.owner,
    });
    expect(future.json().message).toBe(boardMsg.periodInFuture);
    const month13 = await t.request({
      method: 'GET',
      url: `/api/business-task-states/year/2024/month/13`,
      token: tokens.owner,
    });
    expect(month13.json().message).toBe(boardMsg.invalidMonth);
  });

  it('is for staff: 401 anonymous, 403 client', async () => {
    expect((await t.request({ method: 'GET', url: boardUrl })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: boardUrl, token: tokens.client })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: boardUrl, token: tokens.collaborator })).statusCode).toBe(200);
  });
});

describe('summary percentages', () => {
  it('are the truncated share of applicable companies "Terminado", none (null, not 100) when none applies, for tasks shown in the summary only', async () => {
    const summaryTask = await createTask('Resumen', responsible.id);
    const hidden = await createTask('Oculta', responsible.id, false);
    const empty = await createTask('Sin empresas', responsible.id);
    const companies = await Promise.all([1, 2, 3].map(() => insertBusiness(t, { startContract: '2020-01-01' })));
    for (const company of companies) await addToTask(summaryTask.id, company.id);
    const percentOf = async (taskId: number) =>
      (await board()).summary.find((entry) => entry.taskId === taskId)?.percent;

    expect(await percentOf(summaryTask.id)).toBe(0);
    expect(await percentOf(empty.id)).toBeNull();
    expect(await percentOf(hidden.id)).toBeUndefined();
    await change(companies[0]!.id, summaryTask.id, { state: 'Terminado' });
    await change(companies[1]!.id, summaryTask.id, { state: 'En proceso' });
    expect(await percentOf(summaryTask.id)).toBe(33); // 1 of 3, 33.3 truncated
    await change(companies[1]!.id, summaryTask.id, { state: 'Terminado' });
    expect(await percentOf(summaryTask.id)).toBe(66); // 2 of 3, 66.6 truncated
    await change(companies[2]!.id, summaryTask.id, { state: 'Terminado' });
    expect(await percentOf(summaryTask.id)).toBe(100);
    for (const id of [summaryTask.id, hidden.id, empty.id]) {
      await t.request({ method: 'DELETE', url: `/api/task/${id}`, token: tokens.owner });
    }
  });
});

describe('PUT /api/business-task-states/.../businessId/{businessId}/taskId/{taskId}', () => {
  it('lets the responsible collaborator change a cell of their task, with a value, and tells who and when', async () => {
    const response = await change(
      inBoth.id,
      declaration.id,
      { state: 'Terminado', value: 'Folio 123' },
      responsible.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: tasksMsg.stateSaved,
      ...period,
      businessId: inBoth.id,
      cell: { taskId: declaration.id, state: 'Terminado', value: 'Folio 123', lastChange: { by: 'Javiera P.' } },
    });
    const cell = cellOf(await board(), inBoth.id, declaration.id);
    expect(cell).toMatchObject({ state: 'Terminado', value: 'Folio 123', lastChange: { by: 'Javiera P.' } });
    expect(Date.now() - Date.parse(cell?.lastChange?.at ?? '')).toBeLessThan(60_000);
  });

  it('refuses another collaborator (403, nothing changes) but lets an owner change any task', async () => {
    const before = await board();
    const other = await change(inBoth.id, declaration.id, { state: 'En proceso' }, tokens.collaborator);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(tasksMsg.notResponsible);
    // The responsible of one task is not responsible of another (payroll is the owner's).
    expect((await change(inBoth.id, payroll.id, { state: 'En proceso' }, responsible.token)).statusCode).toBe(403);
    expect(await board()).toEqual(before);
    expect((await change(inBoth.id, declaration.id, { state: 'En proceso' }, tokens.owner)).statusCode).toBe(200);
    expect((await change(inBoth.id, payroll.id, { state: 'En proceso' }, tokens.owner)).statusCode).toBe(200);
  });

  it('refuses clients (403) and anonymous callers (401)', async () => {
    expect((await change(inBoth.id, declaration.id, { state: 'Terminado' }, tokens.client)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'PUT',
      url: cellUrl(inBoth.id, declaration.id),
      payload: { state: 'Terminado' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('never changes an N/A cell', async () => {
    const response = await change(inNone.id, declaration.id, { state: 'Terminado' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(tasksMsg.taskDoesNotApply);
    expect(cellOf(await board(), inNone.id, declaration.id)?.state).toBe('N/A');
  });

  it('refuses an unknown state (N/A included), an unknown task and an unknown company', async () => {
    for (const state of ['Listo', 'N/A', '', null]) {
      const response = await change(inBoth.id, declaration.id, { state });
      expect(response.statusCode, String(state)).toBe(400);
      expect(response.json().errors, String(state)).toEqual([{ field: 'state', message: tasksMsg.invalidState }]);
    }
    const noTask = await change(inBoth.id, 999_999, { state: 'Terminado' });
    expect(noTask.statusCode).toBe(404);
    expect(noTask.json().message).toBe(tasksMsg.taskNotFound);
    expect((await change(999_999, declaration.id, { state: 'Terminado' })).statusCode).toBe(404);
  });

  it('keeps every change in the history, newest first, chained from the previous state', async () => {
    const company = await insertBusiness(t, { startContract: '2020-01-01' });
    await addToTask(declaration.id, company.id);
    await change(company.id, declaration.id, { state: 'En proceso' }, responsible.token);
    await change(company.id, declaration.id, { state: 'Terminado', value: '  F29 pagado  ' }, tokens.owner);
    const history = await t.request({
      method: 'GET',
      url: `/api/business-task-states/history?businessId=${company.id}&taskId=${declaration.id}&year=${period.year}&month=${period.month}`,
      token: tokens.collaborator,
    });
    expect(history.statusCode).toBe(200);
    const rows = history.json().rows as { fromState: string; toState: string; value: string | null; by: string }[];
    expect(rows.map((row) => `${row.fromState} → ${row.toState} ${row.value ?? ''} (${row.by})`)).toEqual([
      'En proceso → Terminado F29 pagado (Administrador)',
      'No comenzado → En proceso  (Javiera P.)',
    ]);
  });

  it('chains the history of simultaneous changes of one cell: each starts where the previous one left it', async () => {
    for (let round = 0; round < 6; round++) {
      const company = await insertBusiness(t, { startContract: '2020-01-01' });
      await addToTask(declaration.id, company.id);
      const answers = await Promise.all(
        (['En proceso', 'Terminado'] as const).map((state) => change(company.id, declaration.id, { state })),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const history = await t.request({
        method: 'GET',
        url: `/api/business-task-states/history?businessId=${company.id}&taskId=${declaration.id}&year=${period.year}&month=${period.month}`,
        token: tokens.owner,
      });
      const [newer, older] = history.json().rows as { fromState: string; toState: string }[];
      expect(older?.fromState, `round ${round}`).toBe('No comenzado');
      expect(newer?.fromState, `round ${round}`).toBe(older?.toState);
    }
  });

  it('writes the state and its history in one transaction: a failed history write leaves the cell as it was', async () => {
    const before = cellOf(await board(), inBoth.id, declaration.id);
    const restore = await failInsertsInto(t.database.db, taskStateHistory);
    const response = await change(inBoth.id, declaration.id, { state: 'No comenzado' });
    await restore();
    expect(response.statusCode).toBe(500);
    expect(cellOf(await board(), inBoth.id, declaration.id)).toEqual(before);
  });

  it('announces only the changed cell after commit', async () => {
    const seen: TaskCellChange[] = [];
    const stop = t.modules.events.on('task-state.changed', (payload) => {
      seen.push(payload);
    });
    await change(inBoth.id, payroll.id, { state: 'Terminado' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    stop();
    expect(seen[0]).toMatchObject({
      ...period,
      businessId: inBoth.id,
      cell: { taskId: payroll.id, state: 'Terminado' },
    });
    expect(JSON.stringify(seen[0]).length).toBeLessThan(300);
  });

  it('removes a company’s task states with the company', async () => {
    const doomed = await insertBusiness(t, { startContract: '2020-01-01' });
    await addToTask(declaration.id, doomed.id);
    await change(doomed.id, declaration.id, { state: 'Terminado' });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/business/${doomed.id}`, token: tokens.owner })).statusCode,
    ).toBe(200);
    expect(await taskStatesRepository.listForPeriod(t.database.db, period, doomed.id)).toEqual([]);
  });
});
