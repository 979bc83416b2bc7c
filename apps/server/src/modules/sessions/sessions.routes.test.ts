import { msg } from '@app/shared/messages';
import { sessionsMsg } from '@app/shared/messages-trust';
import type { SessionSummary } from '@app/shared/schemas/sessions';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { failInsertsInto } from '../../db/failing-inserts.fixture.ts';
import { activity } from '../../db/schema/activity.ts';
import { type RequestFromOptions, requestFrom } from '../../test/request-from.ts';
import { appWithEveryRole } from '../../test/route-suite.ts';
import { closeSocketsAfterEach, socketFor } from '../../test/sockets.ts';
import { sessions, sessionUses } from './sessions.tables.ts';

// The sessions list of 'Mi perfil' and the ends of sessions, over real HTTP from distinct loopback
// addresses (Linux routes all of 127.0.0.0/8 to lo) with the browsers' user agents.

const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

const { t, api } = appWithEveryRole();
closeSocketsAfterEach();
afterEach(() => {
  vi.useRealTimers();
});
let baseUrl: string;

beforeAll(async () => {
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** A JSON request to the listening app from `from`, with a user agent and a token when given. */
const send = (options: RequestFromOptions & { userAgent?: string; token?: string }) =>
  requestFrom(t.app, {
    ...options,
    headers: {
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  });

/** A new collaborator signed in twice: from 127.0.0.5 with Chrome on Windows, from 127.0.0.6 with Safari on an iPhone. */
async function collaboratorWithTwoSessions() {
  const user = await t.userWithRole('collaborator');
  const signIn = async (from: string, userAgent: string) => {
    const answer = await send({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'clave-segura' },
      from,
      userAgent,
    });
    expect(answer.status).toBe(200);
    return answer.body.token as string;
  };
  const windows = await signIn('127.0.0.5', WINDOWS_CHROME);
  const iphone = await signIn('127.0.0.6', IPHONE_SAFARI);
  // Only these two: the sign-in that created the user is dropped.
  await t.database.db.delete(sessions).where(eq(sessions.id, sessionIdOf(user.token)));
  return { user, windows, iphone };
}

const list = async (token: string, from?: string) => {
  const answer = await send({ url: '/api/profile/sessions', token, from });
  expect(answer.status).toBe(200);
  return answer.body as unknown as SessionSummary[];
};
const me = (token: string) => send({ url: '/api/user/me', token });
const sessionIdOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sid as string;

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 2000): Promise<T> {
  // performance.now(): some tests fake Date.
  const until = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (performance.now() > until) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const useOf = async (sessionId: string) => {
  const [row] = await t.database.db.select().from(sessionUses).where(eq(sessionUses.sessionId, sessionId));
  return row;
};

describe('GET /api/profile/sessions', () => {
  it('lists the caller’s sessions with their devices and addresses, the asking one marked, the latest use first', async () => {
    const { windows, iphone } = await collaboratorWithTwoSessions();
    // The iPhone is used, then the Windows session from another address: its last-used address is shown.
    expect((await send({ url: '/api/user/me', token: iphone, from: '127.0.0.6' })).status).toBe(200);
    await waitFor(() => useOf(sessionIdOf(iphone)));
    await new Promise((resolve) => setTimeout(resolve, 10));
    const used = await send({ url: '/api/user/me', token: windows, from: '127.0.0.7' });
    expect(used.status).toBe(200);
    await waitFor(() => useOf(sessionIdOf(windows)));
    const sessionsSeen = await list(iphone, '127.0.0.6');
    expect(sessionsSeen.map(({ device, ip, current }) => ({ device, ip, current }))).toEqual([
      { device: 'Chrome en Windows', ip: '127.0.0.7', current: false },
      { device: 'Safari en iPhone', ip: '127.0.0.6', current: true },
    ]);
    expect(sessionsSeen[0]?.id).toBe(sessionIdOf(windows));
    for (const session of sessionsSeen) {
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt));
    }
  });

  it('names a session without a user agent “Dispositivo desconocido” and leaves out expired sessions', async () => {
    const user = await t.userWithRole('collaborator');
    const token = user.token; // signed in by injection: no user agent
    const other = await t.login(user.email, 'clave-segura');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, sessionIdOf(other)));
    const seen = await list(token);
    expect(seen.map((session) => session.device)).toEqual([sessionsMsg.unknownDevice]);
    expect(seen[0]?.current).toBe(true);
  });

  it('is open to every role, not to an anonymous caller', async () => {
    for (const caller of [api.owner, api.collaborator, api.client]) {
      const answer = await caller.get('/api/profile/sessions');
      expect(answer.statusCode).toBe(200);
      expect(answer.json().some((session: SessionSummary) => session.current)).toBe(true);
    }
    const anonymous = await api.anonymous.get('/api/profile/sessions');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: msg.unauthorized });
  });
});

describe('noting a session’s use', () => {
  it('writes at most once a minute per session and leaves the live-sessions cache alone', async () => {
    const user = await t.userWithRole('collaborator');
    const token = await t.login(user.email, 'clave-segura');
    const sessionId = sessionIdOf(token);
    expect((await me(token)).status).toBe(200);
    const first = await waitFor(() => useOf(sessionId));
    const version = t.database.changes.versionOf(['sessions', 'users']);
    expect(version).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await send({ url: '/api/user/me', token, from: '127.0.0.9' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The second request within the minute wrote nothing: same time, same address.
    expect(await useOf(sessionId)).toEqual(first);
    expect(t.database.changes.versionOf(['sessions', 'users'])).toBe(version);
    // And a direct second note within the minute is skipped.
    expect(t.modules.sessions.noteUse(sessionId, '127.0.0.9')).toBeUndefined();
  });

  it('notes an open socket’s use when it connects and at its heartbeats, keeping the last request’s address', async () => {
    const user = await t.userWithRole('collaborator');
    const signedIn = await send({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'clave-segura' },
      from: '127.0.0.5',
      userAgent: WINDOWS_CHROME,
    });
    const token = signedIn.body.token as string;
    const sessionId = sessionIdOf(token);
    expect(await useOf(sessionId)).toBeUndefined();

    await socketFor(baseUrl, token);
    const connected = await waitFor(() => useOf(sessionId));
    expect(connected.ip).toBeNull();
    expect((await list(token)).find((session) => session.id === sessionId)?.ip).toBe('127.0.0.5');

    // A minute later a request from another address, then another minute with only the socket open.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect((await send({ url: '/api/user/me', token, from: '127.0.0.7' })).status).toBe(200);
    const requested = await waitFor(async () => {
      const row = await useOf(sessionId);
      return row?.ip === '127.0.0.7' ? row : undefined;
    });
    vi.setSystemTime(Date.now() + 61_000);
    const [held] = await t.app.io.in(`session:${sessionId}`).fetchSockets();
    const serverSocket = t.app.io.of('/').sockets.get(held?.id ?? '');
    expect(serverSocket).toBeDefined();
    serverSocket?.conn.emit('heartbeat');
    const beat = await waitFor(async () => {
      const row = await useOf(sessionId);
      return row && row.usedAt.getTime() > requested.usedAt.getTime() ? row : undefined;
    });
    expect(beat.ip).toBe('127.0.0.7');
  });

  it('does not make the session’s cache read again: noting a use changes no watched table', async () => {
    const { token } = await t.userWithRole('collaborator');
    const version = t.database.changes.versionOf(['sessions', 'users']);
    await t.modules.sessions.noteUse(sessionIdOf(token), '127.0.0.3');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await useOf(sessionIdOf(token))).toMatchObject({ ip: '127.0.0.3' });
    expect(t.database.changes.versionOf(['sessions', 'users'])).toBe(version);
  });
});

describe('DELETE /api/profile/sessions/:id', () => {
  it('ends one of the caller’s sessions: its token is refused, its socket closes, the caller’s still works', async () => {
    const { user, windows, iphone } = await collaboratorWithTwoSessions();
    const socket = await socketFor(baseUrl, windows);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const ended = await send({ method: 'DELETE', url: `/api/profile/sessions/${sessionIdOf(windows)}`, token: iphone });
    expect(ended).toEqual({ status: 200, body: { message: sessionsMsg.ended } });
    expect((await me(windows)).status).toBe(401);
    await expect(closed).resolves.toBe('io server disconnect');
    expect((await me(iphone)).status).toBe(200);
    expect((await list(iphone)).map((session) => session.device)).toEqual(['Safari en iPhone']);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'session'), eq(activity.actorId, user.id)));
    expect(entry).toMatchObject({ action: 'ended', recordLabel: 'Chrome en Windows', ip: '127.0.0.1' });
  });

  it('ends nothing when its activity entry cannot be written', async () => {
    const { windows, iphone } = await collaboratorWithTwoSessions();
    const restore = await failInsertsInto(t.database.db, activity);
    try {
      const answer = await send({
        method: 'DELETE',
        url: `/api/profile/sessions/${sessionIdOf(windows)}`,
        token: iphone,
      });
      expect(answer.status).toBe(500);
    } finally {
      await restore();
    }
    expect((await me(windows)).status).toBe(200);
    expect(await list(iphone)).toHaveLength(2);
  });

  it('ends the asking session too', async () => {
    const user = await t.userWithRole('collaborator');
    const token = await t.login(user.email, 'clave-segura');
    const answer = await send({ method: 'DELETE', url: `/api/profile/sessions/${sessionIdOf(token)}`, token });
    expect(answer.status).toBe(200);
    expect((await me(token)).status).toBe(401);
  });

  it('answers 404 for another user’s session, which goes on working, and for one already ended', async () => {
    const mine = await collaboratorWithTwoSessions();
    const theirs = await collaboratorWithTwoSessions();
    const answer = await send({
      method: 'DELETE',
      url: `/api/profile/sessions/${sessionIdOf(theirs.windows)}`,
      token: mine.windows,
    });
    expect(answer).toEqual({ status: 404, body: { message: sessionsMsg.notFound } });
    expect((await me(theirs.windows)).status).toBe(200);
    await send({ method: 'DELETE', url: `/api/profile/sessions/${sessionIdOf(mine.iphone)}`, token: mine.windows });
    const again = await send({
      method: 'DELETE',
      url: `/api/profile/sessions/${sessionIdOf(mine.iphone)}`,
      token: mine.windows,
    });
    expect(again).toEqual({ status: 404, body: { message: sessionsMsg.notFound } });
  });

  it('refuses an anonymous caller', async () => {
    const answer = await api.anonymous.delete(`/api/profile/sessions/${crypto.randomUUID()}`);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ message: msg.unauthorized });
  });
});

describe('POST /api/profile/sessions/end-others', () => {
  it('ends every session but the asking one, with one entry naming how many', async () => {
    const { user, windows, iphone } = await collaboratorWithTwoSessions();
    const third = await t.login(user.email, 'clave-segura');
    const socket = await socketFor(baseUrl, third);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const answer = await send({ method: 'POST', url: '/api/profile/sessions/end-others', token: iphone, payload: {} });
    expect(answer).toEqual({ status: 200, body: { message: sessionsMsg.endedOthers(2), count: 2 } });
    expect((await me(windows)).status).toBe(401);
    expect((await me(third)).status).toBe(401);
    await expect(closed).resolves.toBe('io server disconnect');
    expect((await list(iphone)).map((session) => session.current)).toEqual([true]);
    const entries = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'session'), eq(activity.actorId, user.id)));
    expect(entries.map((entry) => entry.details)).toEqual([{ after: { sesiones: 2 } }]);
    const none = await send({ method: 'POST', url: '/api/profile/sessions/end-others', token: iphone, payload: {} });
    expect(none.body).toEqual({ message: sessionsMsg.endedOthers(0), count: 0 });
  });

  it('refuses an anonymous caller', async () => {
    const answer = await api.anonymous.post('/api/profile/sessions/end-others', {});
    expect(answer.statusCode).toBe(401);
  });
});

describe('DELETE /api/users/:id/sessions', () => {
  it('lets the owner end every session of a collaborator, sockets included', async () => {
    const { user, windows, iphone } = await collaboratorWithTwoSessions();
    const socket = await socketFor(baseUrl, windows);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const answer = await api.owner.delete(`/api/users/${user.id}/sessions`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: sessionsMsg.endedOthers(2), count: 2 });
    expect((await me(windows)).status).toBe(401);
    expect((await me(iphone)).status).toBe(401);
    await expect(closed).resolves.toBe('io server disconnect');
    expect((await api.owner.get('/api/profile/sessions')).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.kind, 'session'), eq(activity.recordId, String(user.id))));
    expect(entry).toMatchObject({ action: 'ended', recordLabel: user.email, details: { after: { sesiones: 2 } } });
  });

  it('answers 404 for an unknown user', async () => {
    const answer = await api.owner.delete('/api/users/999999/sessions');
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: msg.notFound });
  });

  it('refuses a collaborator and a client (403) and an anonymous caller (401); the sessions go on', async () => {
    const { user, windows } = await collaboratorWithTwoSessions();
    for (const caller of [api.collaborator, api.client]) {
      const answer = await caller.delete(`/api/users/${user.id}/sessions`);
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ message: msg.forbidden });
    }
    const anonymous = await api.anonymous.delete(`/api/users/${user.id}/sessions`);
    expect(anonymous.statusCode).toBe(401);
    expect((await me(windows)).status).toBe(200);
  });
});
