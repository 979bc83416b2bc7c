import { tasksMsg } from '@app/shared/messages-tasks';
import { currentPeriod } from '@app/shared/period';
import type { Task, TaskDetail } from '@app/shared/schemas/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBusiness, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { businessInTask, taskStateHistory, taskStates } from './tasks.tables.ts';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
let responsible: { id: number; token: string };
const period = currentPeriod();

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensForEveryRole(t);
  responsible = await t.userWithRole('collaborator', { name: 'Javiera', lastName: 'Pérez' });
});
afterAll(() => t.close());

const taskBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Conciliación bancaria',
  responsableCollaborator: responsible.id,
  expirationDate: 15,
  showInSummary: true,
  ...overrides,
});

let created = 0;
/** Creates a task, named uniquely unless told (task names are unique). */
async function createTask(overrides: Record<string, unknown> = {}): Promise<Task> {
  created += 1;
  const response = await t.request({
    method: 'POST',
    url: '/api/task',
    token: tokens.owner,
    payload: taskBody({ name: `Tarea ${created}`, ...overrides }),
  });
  expect(response.statusCode).toBe(201);
  return response.json().task;
}

async function detail(id: number, token = tokens.owner): Promise<TaskDetail> {
  const response = await t.request({ method: 'GET', url: `/api/task/${id}`, token });
  expect(response.statusCode).toBe(200);
  return response.json().task;
}

describe('tasks: /api/task', () => {
  it('creates a task and reads it back with its responsible as an object', async () => {
    const response = await t.request({ method: 'POST', url: '/api/task', token: tokens.owner, payload: taskBody() });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(tasksMsg.taskSaved);
    const task = response.json().task as Task;
    expect(task).toMatchObject({
      name: 'Conciliación bancaria',
      responsableCollaborator: { id: responsible.id, name: 'Javiera', lastName: 'Pérez' },
      expirationDate: 15,
      showInSummary: true,
    });
    expect(await detail(task.id)).toEqual({ ...task, businessInTask: [] });
    const list = (await t.request({ method: 'GET', url: '/api/task', token: tokens.collaborator })).json() as Task[];
    expect(list.find((row) => row.id === task.id)).toEqual(task);
  });

  it('requires every field and keeps the day between 1 and 31, with the form’s messages', async () => {
    const missing = await t.request({ method: 'POST', url: '/api/task', token: tokens.owner, payload: {} });
    expect(missing.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (missing.json().errors as { field: string; message: string }[]).map((error) => [error.field, error.message]),
    );
    expect(fields).toEqual({
      name: tasksMsg.required,
      responsableCollaborator: tasksMsg.required,
      expirationDate: tasksMsg.required,
      showInSummary: tasksMsg.required,
    });
    for (const expirationDate of [0, 32, 1.5]) {
      const bad = await t.request({
        method: 'POST',
        url: '/api/task',
        token: tokens.owner,
        payload: taskBody({ expirationDate }),
      });
      expect(bad.json().errors).toEqual([{ field: 'expirationDate', message: tasksMsg.dayRange }]);
    }
  });

  it('accepts only an owner or collaborator as responsible', async () => {
    const client = await t.userWithRole('client', { businessId: tokens.clientBusinessId });
    for (const responsableCollaborator of [client.id, 999_999]) {
      const response = await t.request({
        method: 'POST',
        url: '/api/task',
        token: tokens.owner,
        payload: taskBody({ responsableCollaborator }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([
        { field: 'responsableCollaborator', message: tasksMsg.responsibleNotStaff },
      ]);
    }
  });

  it('edits a task, and answers 404 for one that does not exist', async () => {
    const task = await createTask();
    const owner = (await t.request({ method: 'GET', url: '/api/user/me', token: tokens.owner })).json();
    const edited = await t.request({
      method: 'PUT',
      url: `/api/task/${task.id}`,
      token: tokens.owner,
      payload: taskBody({
        name: 'Libro de remuneraciones',
        responsableCollaborator: owner.id,
        expirationDate: 31,
        showInSummary: false,
      }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().task).toMatchObject({
      name: 'Libro de remuneraciones',
      responsableCollaborator: { id: owner.id },
      expirationDate: 31,
      showInSummary: false,
    });
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/task/999999',
      token: tokens.owner,
      payload: taskBody(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(tasksMsg.taskNotFound);
    expect((await t.request({ method: 'GET', url: '/api/task/999999', token: tokens.owner })).statusCode).toBe(404);
  });

  it('refuses a second task with the same name (whatever the case and spaces), on create and on edit, with a 409 on the name', async () => {
    const first = await createTask({ name: 'Declaración de renta' });
    for (const name of ['Declaración de renta', '  declaración DE RENTA ']) {
      const duplicate = await t.request({
        method: 'POST',
        url: '/api/task',
        token: tokens.owner,
        payload: taskBody({ name }),
      });
      expect(duplicate.statusCode, name).toBe(409);
      expect(duplicate.json()).toEqual({
        message: tasksMsg.nameExists,
        errors: [{ field: 'name', message: tasksMsg.nameExists }],
      });
    }
    const other = await createTask({ name: 'Declaración de IVA' });
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/task/${other.id}`,
      token: tokens.owner,
      payload: taskBody({ name: 'DECLARACIÓN de renta' }),
    });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().errors).toEqual([{ field: 'name', message: tasksMsg.nameExists }]);
    // A task keeps its own name when edited.
    const same = await t.request({
      method: 'PUT',
      url: `/api/task/${first.id}`,
      token: tokens.owner,
      payload: taskBody({ name: 'Declaración de renta', expirationDate: 20 }),
    });
    expect(same.statusCode).toBe(200);
    const names = (await t.request({ method: 'GET', url: '/api/task', token: tokens.owner }))
      .json()
      .map((task: Task) => task.name);
    expect(names.filter((name: string) => name.toLowerCase() === 'declaración de renta')).toHaveLength(1);
  });

  it('two owners creating the same task name at once get one task and one refusal', async () => {
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.request({
          method: 'POST',
          url: '/api/task',
          token: tokens.owner,
          payload: taskBody({ name: 'Cierre anual' }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('lets owners write and collaborators read; clients get 403 and anonymous 401', async () => {
    const task = await createTask();
    const writes = [
      { method: 'POST' as const, url: '/api/task', payload: taskBody() },
      { method: 'PUT' as const, url: `/api/task/${task.id}`, payload: taskBody() },
      { method: 'DELETE' as const, url: `/api/task/${task.id}` },
      {
        method: 'POST' as const,
        url: `/api/task/${task.id}/business/${tokens.clientBusinessId}`,
        payload: { startDate: '2024-01-01' },
      },
      { method: 'POST' as const, url: `/api/task/${task.id}/create-all-business-in-task`, payload: {} },
      { method: 'DELETE' as const, url: `/api/task/${task.id}/delete-all-business-in-task` },
    ];
    for (const write of writes) {
      expect((await t.request({ ...write, token: tokens.collaborator })).statusCode, write.url).toBe(403);
      expect((await t.request({ ...write, token: tokens.client })).statusCode, write.url).toBe(403);
      expect((await t.request(write)).statusCode, write.url).toBe(401);
    }
    for (const url of ['/api/task', `/api/task/${task.id}`]) {
      expect((await t.request({ method: 'GET', url, token: tokens.collaborator })).statusCode).toBe(200);
      expect((await t.request({ method: 'GET', url, token: tokens.client })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('refuses to delete a user who is still responsible of a task, with a message saying why', async () => {
    const someone = await t.userWithRole('collaborator');
    const task = await createTask({ responsableCollaborator: someone.id });
    const refused = await t.request({ method: 'DELETE', url: `/api/user/${someone.id}`, token: tokens.owner });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(tasksMsg.userIsResponsible);
    await t.request({ method: 'DELETE', url: `/api/task/${task.id}`, token: tokens.owner });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/user/${someone.id}`, token: tokens.owner })).statusCode,
    ).toBe(200);
  });
});

describe('companies in a task: /api/task/{taskId}/business/{businessId}', () => {
  it('switches a company on with a start date, moves the date, and switches it off', async () => {
    const task = await createTask();
    const business = await insertBusiness(t);
    const url = `/api/task/${task.id}/business/${business.id}`;
    const on = await t.request({ method: 'POST', url, token: tokens.owner, payload: { startDate: '2024-03-01' } });
    expect(on.statusCode).toBe(201);
    expect(on.json().businessInTask).toMatchObject({ businessId: business.id, startDate: '2024-03-01' });
    const again = await t.request({ method: 'POST', url, token: tokens.owner, payload: { startDate: '2024-04-01' } });
    expect(again.statusCode).toBe(200);
    const moved = await t.request({ method: 'PUT', url, token: tokens.owner, payload: { startDate: '2025-01-01' } });
    expect(moved.json()).toMatchObject({
      message: tasksMsg.startDateEdited,
      businessInTask: { startDate: '2025-01-01' },
    });
    expect((await detail(task.id)).businessInTask).toEqual([
      { id: on.json().businessInTask.id, businessId: business.id, startDate: '2025-01-01' },
    ]);
    const off = await t.request({ method: 'DELETE', url, token: tokens.owner });
    expect(off.statusCode).toBe(200);
    expect((await detail(task.id)).businessInTask).toEqual([]);
    const offAgain = await t.request({ method: 'DELETE', url, token: tokens.owner });
    expect(offAgain.statusCode).toBe(404);
    expect(offAgain.json().message).toBe(tasksMsg.businessNotInTask);
  });

  it('refuses an impossible date, an unknown company and an unknown task', async () => {
    const task = await createTask();
    const business = await insertBusiness(t);
    const badDate = await t.request({
      method: 'POST',
      url: `/api/task/${task.id}/business/${business.id}`,
      token: tokens.owner,
      payload: { startDate: '2026-02-31' },
    });
    expect(badDate.json().errors).toEqual([{ field: 'startDate', message: tasksMsg.invalidDate }]);
    const payload = { startDate: '2024-01-01' };
    const noCompany = await t.request({
      method: 'POST',
      url: `/api/task/${task.id}/business/999999`,
      token: tokens.owner,
      payload,
    });
    expect(noCompany.statusCode).toBe(404);
    const noTask = await t.request({
      method: 'POST',
      url: `/api/task/999999/business/${business.id}`,
      token: tokens.owner,
      payload,
    });
    expect(noTask.json().message).toBe(tasksMsg.taskNotFound);
  });

  it('"Activar todo" puts every company in from 2021-01-01 by default, keeping dates already chosen; "Desactivar todo" takes them all out', async () => {
    const task = await createTask();
    const early = await insertBusiness(t);
    await t.request({
      method: 'POST',
      url: `/api/task/${task.id}/business/${early.id}`,
      token: tokens.owner,
      payload: { startDate: '2019-06-01' },
    });
    const all = await t.request({
      method: 'POST',
      url: `/api/task/${task.id}/create-all-business-in-task`,
      token: tokens.owner,
      payload: {},
    });
    expect(all.statusCode).toBe(200);
    expect(all.json().message).toBe(tasksMsg.allActivated);
    const companies = (
      await t.request({ method: 'GET', url: '/api/business', token: tokens.owner })
    ).json() as unknown[];
    const rows = all.json().businessInTask as { businessId: number; startDate: string }[];
    expect(rows).toHaveLength(companies.length);
    expect(rows.find((row) => row.businessId === early.id)?.startDate).toBe('2019-06-01');
    expect(rows.filter((row) => row.businessId !== early.id).every((row) => row.startDate === '2021-01-01')).toBe(true);

    const none = await t.request({
      method: 'DELETE',
      url: `/api/task/${task.id}/delete-all-business-in-task`,
      token: tokens.owner,
    });
    expect(none.json()).toEqual({ message: tasksMsg.allDeactivated, businessInTask: [] });
    expect((await detail(task.id)).businessInTask).toEqual([]);
  });

  it('deleting a task removes its companies, states and history in the same statement', async () => {
    const task = await createTask({ responsableCollaborator: responsible.id });
    const business = await insertBusiness(t, { startContract: '2020-01-01' });
    await t.request({
      method: 'POST',
      url: `/api/task/${task.id}/business/${business.id}`,
      token: tokens.owner,
      payload: { startDate: '2020-01-01' },
    });
    const changed = await t.request({
      method: 'PUT',
      url: `/api/business-task-states/year/${period.year}/month/${period.month}/businessId/${business.id}/taskId/${task.id}`,
      token: tokens.owner,
      payload: { state: 'En proceso' },
    });
    expect(changed.statusCode).toBe(200);
    const deleted = await t.request({ method: 'DELETE', url: `/api/task/${task.id}`, token: tokens.owner });
    expect(deleted.json().message).toBe(tasksMsg.taskDeleted);
    const db = t.database.db;
    expect(await db.select().from(businessInTask).where(eq(businessInTask.taskId, task.id))).toEqual([]);
    expect(await db.select().from(taskStates).where(eq(taskStates.taskId, task.id))).toEqual([]);
    expect(await db.select().from(taskStateHistory).where(eq(taskStateHistory.taskId, task.id))).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/task/${task.id}`, token: tokens.owner })).statusCode).toBe(
      404,
    );
  });
});
