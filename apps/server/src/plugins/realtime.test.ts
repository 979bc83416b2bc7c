import { currentPeriod } from '@app/shared/period';
import type { BoardCellChange } from '@app/shared/schemas/monthly-states';
import { taskBoardEventName } from '@app/shared/schemas/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyBoardCell, tokensForEveryRole } from '../test/factories.ts';
import {
  closeSocketsAfterEach,
  eventsWithin,
  monthlyBoardEvent,
  nextEvent,
  socketFor,
  twoInstancesThroughRedis,
} from '../test/sockets.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

const period = currentPeriod();
const EVENT = monthlyBoardEvent(period);
closeSocketsAfterEach();

describe('realtime board events', () => {
  let t: TestApp;
  let baseUrl: string;
  let tokens: Awaited<ReturnType<typeof tokensForEveryRole>>;
  let fixture: Awaited<ReturnType<typeof monthlyBoardCell>>;

  beforeAll(async () => {
    t = await createTestApp();
    tokens = await tokensForEveryRole(t);
    fixture = await monthlyBoardCell(t);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("brings a collaborator's change to another staff member's socket, with only the changed cell", async () => {
    const socket = await socketFor(baseUrl, tokens.owner);
    const received = nextEvent(socket, EVENT);
    expect((await fixture.change(tokens.collaborator)).statusCode).toBe(200);
    const payload = await received;
    expect(payload).toMatchObject({ ...period, businessId: fixture.businessId, cell: { applies: true } });
    expect(JSON.stringify(payload).length).toBeLessThan(400);
  });

  it('refuses a socket without a token, with a forged token, and after logout', async () => {
    await expect(socketFor(baseUrl, undefined)).rejects.toThrow('Debes iniciar sesión');
    await expect(socketFor(baseUrl, `${tokens.owner.slice(0, -4)}AAAA`)).rejects.toThrow('Debes iniciar sesión');
    const session = await t.userWithRole('collaborator');
    await t.request({ method: 'POST', url: '/api/logout', token: session.token });
    await expect(socketFor(baseUrl, session.token)).rejects.toThrow('Debes iniciar sesión');
  });

  it('gives a client-role socket no board events while staff get them', async () => {
    const client = await socketFor(baseUrl, tokens.client);
    const staff = await socketFor(baseUrl, tokens.collaborator);
    const clientSaw = eventsWithin(client, EVENT, 700);
    const staffGot = nextEvent(staff, EVENT);
    await fixture.change(tokens.owner, 0);
    await staffGot;
    expect(await clientSaw).toEqual([]);
  });

  it("brings a task cell's change to staff sockets under the task board's own event name, and none to clients", async () => {
    const collaborator = await t.userWithRole('collaborator');
    const task = await t.request({
      method: 'POST',
      url: '/api/task',
      token: tokens.owner,
      payload: { name: 'Cierre', responsableCollaborator: collaborator.id, expirationDate: 10, showInSummary: true },
    });
    const taskId = task.json().task.id as number;
    await t.request({
      method: 'POST',
      url: `/api/task/${taskId}/business/${fixture.businessId}`,
      token: tokens.owner,
      payload: { startDate: '2020-01-01' },
    });
    const owner = await socketFor(baseUrl, tokens.owner);
    const client = await socketFor(baseUrl, tokens.client);
    const taskEvent = taskBoardEventName(period);
    expect(taskEvent).not.toBe(EVENT);
    const clientSaw = eventsWithin(client, taskEvent, 700);
    const ownerSawMonthly = eventsWithin(owner, EVENT, 700);
    const received = nextEvent(owner, taskEvent);
    const changed = await t.request({
      method: 'PUT',
      url: `/api/business-task-states/year/${period.year}/month/${period.month}/businessId/${fixture.businessId}/taskId/${taskId}`,
      token: collaborator.token,
      payload: { state: 'En proceso' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await received).toMatchObject({
      ...period,
      businessId: fixture.businessId,
      cell: { taskId, state: 'En proceso' },
    });
    expect(await clientSaw).toEqual([]);
    expect(await ownerSawMonthly).toEqual([]);
  });

  it('closes the sockets of a session that logs out', async () => {
    const session = await t.userWithRole('collaborator');
    const socket = await socketFor(baseUrl, session.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await t.request({ method: 'POST', url: '/api/logout', token: session.token });
    expect(await closed).toBe('io server disconnect');
  });
});

// Several instances share events through Redis (CI sets TEST_REDIS_URL; see .ci/run).
describe.runIf(process.env.TEST_REDIS_URL)('two instances through Redis', () => {
  // Two instances of one firm: one database, one Redis, one token secret.
  const instances = twoInstancesThroughRedis();

  it('delivers a change made on one instance to a socket on the other', async () => {
    const fixture = await monthlyBoardCell(instances.first);
    const token = await instances.first.ownerToken();
    const secondUrl = await instances.second.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await socketFor(secondUrl, token);
    const received = nextEvent<BoardCellChange>(socket, EVENT);
    expect((await fixture.change(token)).statusCode).toBe(200);
    expect((await received).businessId).toBe(fixture.businessId);
  });
});
