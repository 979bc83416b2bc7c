import { msg } from '@app/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyBoardCell } from '../test/factories.ts';
import {
  closeSocketsAfterEach,
  eventsWithin,
  monthlyBoardEvent,
  nextEvent,
  socketFor,
  twoInstancesThroughRedis,
} from '../test/sockets.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// A socket stops receiving staff events as soon as its user is no longer staff, and closes when its
// session expires.

const EVENT = monthlyBoardEvent();
closeSocketsAfterEach();

/** The owner changes the user's role (keeping the other fields). */
async function changeRole(t: TestApp, user: { id: number; email: string }, role: string, businessId?: number) {
  return t.request({
    method: 'PUT',
    url: `/api/user/${user.id}`,
    token: await t.ownerToken(),
    payload: {
      name: 'Usuario',
      lastName: 'Prueba',
      email: user.email,
      role,
      allowCalendarView: false,
      ...(businessId ? { businessId } : {}),
    },
  });
}

describe('sockets of a user whose role changes', () => {
  let t: TestApp;
  let baseUrl: string;
  let fixture: Awaited<ReturnType<typeof monthlyBoardCell>>;

  beforeAll(async () => {
    t = await createTestApp();
    fixture = await monthlyBoardCell(t);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('stops sending staff events to a collaborator demoted to client, at once, while the owner still gets them', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const demotedSocket = await socketFor(baseUrl, collaborator.token);
    const ownerSocket = await socketFor(baseUrl, await t.ownerToken());
    const before = nextEvent(demotedSocket, EVENT);
    await fixture.flip();
    await before; // staff until now

    expect((await changeRole(t, collaborator, 'client', fixture.businessId)).statusCode).toBe(200);
    const demotedSaw = eventsWithin(demotedSocket, EVENT, 800);
    const ownerGot = nextEvent(ownerSocket, EVENT);
    await fixture.flip();
    await ownerGot;
    expect(await demotedSaw).toEqual([]);
  });

  it('starts sending staff events to a client promoted to collaborator', async () => {
    const client = await t.userWithRole('client', { businessId: fixture.businessId });
    const socket = await socketFor(baseUrl, client.token);
    expect((await changeRole(t, client, 'collaborator')).statusCode).toBe(200);
    // The role change reaches the socket after commit; the next change is delivered.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const got = nextEvent(socket, EVENT);
    await fixture.flip();
    await expect(got).resolves.toMatchObject({ businessId: fixture.businessId });
  });

  it('refuses to make a task’s responsible a client, as it refuses to delete them, and keeps the role', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const task = await t.request({
      method: 'POST',
      url: '/api/task',
      token: await t.ownerToken(),
      payload: {
        name: `Cierre ${Math.random()}`,
        responsableCollaborator: collaborator.id,
        expirationDate: 10,
        showInSummary: true,
      },
    });
    expect(task.statusCode, task.body).toBe(201);
    const refused = await changeRole(t, collaborator, 'client', fixture.businessId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: msg.userIsResponsibleDemote });
    const users = await t.request({ method: 'GET', url: '/api/user', token: await t.ownerToken() });
    expect(users.json().find((user: { id: number }) => user.id === collaborator.id)?.role).toBe('collaborator');
    // Another staff role is fine: still staff, still responsible.
    expect((await changeRole(t, collaborator, 'owner')).statusCode).toBe(200);
  });
});

describe('sockets of a session that expires', () => {
  let t: TestApp;
  let baseUrl: string;

  beforeAll(async () => {
    t = await createTestApp({ SESSION_TTL_HOURS: String(3 / 3600) }); // 3 s
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('closes the socket when its session expires, and a new one with that token is refused', async () => {
    const collaborator = await t.userWithRole('collaborator');
    const socket = await socketFor(baseUrl, collaborator.token);
    const connectedAt = Date.now();
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const reason = await Promise.race([
      closed,
      new Promise<string>((resolve) => setTimeout(() => resolve('still connected after 6 s'), 6000)),
    ]);
    expect(reason).toBe('io server disconnect');
    expect(Date.now() - connectedAt).toBeLessThan(4000);
    await expect(socketFor(baseUrl, collaborator.token)).rejects.toThrow('Debes iniciar sesión');
  });
});

// Two instances of one firm share sockets through Redis: a demotion made on one reaches the other's sockets.
describe.runIf(process.env.TEST_REDIS_URL)('role changes across instances through Redis', () => {
  // Two instances of one firm: one database, one Redis, one token secret.
  const instances = twoInstancesThroughRedis();

  it('stops staff events on the other instance’s socket of a demoted collaborator', async () => {
    const fixture = await monthlyBoardCell(instances.first);
    const collaborator = await instances.first.userWithRole('collaborator');
    const secondUrl = await instances.second.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await socketFor(secondUrl, collaborator.token);
    const before = nextEvent(socket, EVENT);
    await fixture.flip();
    await before;
    expect((await changeRole(instances.first, collaborator, 'client', fixture.businessId)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const saw = eventsWithin(socket, EVENT, 800);
    await fixture.flip();
    expect(await saw).toEqual([]);
  });
});
