import { boardMsg } from '@app/shared/messages-board';
import { moneyMsg } from '@app/shared/money';
import { currentPeriod } from '@app/shared/period';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceWithStates, insertBusiness, linkService, tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Money that reaches the server: the board's value as a number, the task value as text. */
let t: TestApp;
let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
let f29: { serviceId: number; stateIds: number[] };
let company: { id: number };
let task: { id: number };
const period = currentPeriod();
const boardUrl = `/api/monthly-states/year/${period.year}/month/${period.month}`;
const taskCellUrl = (businessId: number, taskId: number) =>
  `/api/business-task-states/year/${period.year}/month/${period.month}/businessId/${businessId}/taskId/${taskId}`;

beforeAll(async () => {
  t = await createTestApp();
  tokens = await tokensForEveryRole(t);
  f29 = await createServiceWithStates(t, 'F29', [
    { name: 'Pendiente', pctProgress: 0 },
    { name: 'Pagado', pctProgress: 100, hasValue: true },
  ]);
  company = await insertBusiness(t, { name: 'Aromos', startContract: '2020-01-01' });
  await linkService(t, company.id, f29.serviceId);
  const ownerId = (await t.request({ method: 'GET', url: '/api/user/me', token: tokens.owner })).json().id;
  const created = await t.request({
    method: 'POST',
    url: '/api/task',
    token: tokens.owner,
    payload: { name: 'Retenciones', responsableCollaborator: ownerId, expirationDate: 20, showInSummary: true },
  });
  task = created.json().task;
  const added = await t.request({
    method: 'POST',
    url: `/api/task/${task.id}/business/${company.id}`,
    token: tokens.owner,
    payload: { startDate: '2020-01-01' },
  });
  expect(added.statusCode).toBe(201);
});
afterAll(() => t.close());

const setValue = (optionalValue: unknown) =>
  t.request({
    method: 'PUT',
    url: boardUrl,
    token: tokens.owner,
    payload: { businessId: company.id, serviceId: f29.serviceId, stateId: f29.stateIds[1], optionalValue },
  });

describe('PUT /api/monthly-states/…: the value of a state with hasValue', () => {
  it('refuses a negative amount (no state allows negatives), with the money message, changing nothing', async () => {
    const refused = await setValue(-1234);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([{ field: 'optionalValue', message: moneyMsg.negative }]);
    const board = (await t.request({ method: 'GET', url: boardUrl, token: tokens.owner })).json();
    const cell = board.rows[0].cells.find((c: { serviceId: number }) => c.serviceId === f29.serviceId);
    expect(cell.value).toBeNull();
  });

  it('keeps a positive amount whole, and refuses one beyond the largest value', async () => {
    expect((await setValue(1234567.89)).json().cell.value).toBe(1_234_567);
    const tooLarge = await setValue(1e13);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json().errors).toEqual([{ field: 'optionalValue', message: boardMsg.valueTooLarge }]);
  });
});

describe('PUT /api/business-task-states/…: a value that holds an amount', () => {
  it.each(['1.234.567', '1234567', '$1.234.567', '1234567,89'])(
    'stores %j as $1.234.567 through the shared money parser',
    async (typed) => {
      const response = await t.request({
        method: 'PUT',
        url: taskCellUrl(company.id, task.id),
        token: tokens.owner,
        payload: { state: 'Terminado', value: typed },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().cell.value).toBe('$1.234.567');
    },
  );

  it.each([
    ['1234.5', moneyMsg.ambiguous],
    ['1.23', moneyMsg.ambiguous],
    ['1,234', moneyMsg.ambiguous],
    ['1,234,567', moneyMsg.ambiguous],
    ['-5.000', moneyMsg.negative],
  ])('refuses %j with a Spanish message', async (typed, message) => {
    const response = await t.request({
      method: 'PUT',
      url: taskCellUrl(company.id, task.id),
      token: tokens.owner,
      payload: { state: 'Terminado', value: typed },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'value', message }]);
  });

  it('keeps free text as typed', async () => {
    const response = await t.request({
      method: 'PUT',
      url: taskCellUrl(company.id, task.id),
      token: tokens.owner,
      payload: { state: 'Terminado', value: 'Folio 4512' },
    });
    expect(response.json().cell.value).toBe('Folio 4512');
  });
});

describe("a cell's history of amounts", () => {
  const historyOf = async (businessId: number) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/monthly-states/history?businessId=${businessId}&serviceId=${f29.serviceId}&year=${period.year}&month=${period.month}`,
        token: tokens.owner,
      })
    ).json().rows as {
      fromState: { name: string } | null;
      toState: { name: string };
      fromValue: number | null;
      value: number | null;
      by: string;
    }[];
  const save = (businessId: number, stateId: number | undefined, optionalValue: number | undefined, token: string) =>
    t.request({
      method: 'PUT',
      url: boardUrl,
      token,
      payload: { businessId, serviceId: f29.serviceId, stateId, optionalValue },
    });

  it('shows the amount each change replaced, and a save of the same state and amount adds no row nor takes the cell', async () => {
    const other = await insertBusiness(t, { name: 'Robles', startContract: '2020-01-01' });
    await linkService(t, other.id, f29.serviceId);
    expect((await save(other.id, f29.stateIds[1], 1_000_000, tokens.owner)).statusCode).toBe(200);
    expect((await save(other.id, f29.stateIds[1], 1_234_567, tokens.owner)).statusCode).toBe(200);

    // The same state and amount again, by someone else: nothing changes, the last change stays the owner's.
    const same = await save(other.id, f29.stateIds[1], 1_234_567, tokens.collaborator);
    expect(same.statusCode).toBe(200);
    expect(same.json().cell).toMatchObject({ value: 1_234_567, lastChange: { by: 'Administrador' } });
    // A never-chosen cell set to the state it already shows (the first) is no change either.
    const fresh = await insertBusiness(t, { name: 'Quillay', startContract: '2020-01-01' });
    await linkService(t, fresh.id, f29.serviceId);
    expect((await save(fresh.id, f29.stateIds[0], undefined, tokens.owner)).statusCode).toBe(200);
    expect(await historyOf(fresh.id)).toEqual([]);

    expect(
      (await historyOf(other.id)).map((row) => [
        row.fromState?.name,
        row.toState.name,
        row.fromValue,
        row.value,
        row.by,
      ]),
    ).toEqual([
      ['Pagado', 'Pagado', 1_000_000, 1_234_567, 'Administrador'],
      ['Pendiente', 'Pagado', null, 1_000_000, 'Administrador'],
    ]);
  });
});
