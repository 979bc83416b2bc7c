import { currentPeriod, type Period } from '@app/shared/period';
import { boardEventName } from '@app/shared/schemas/monthly-states';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

const opened: Socket[] = [];

/** Closes every socket a test opened with socketFor; call once at the top of a socket test file. */
export function closeSocketsAfterEach() {
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.disconnect();
  });
}

/** A socket signed in with the token; resolves once connected, rejects with the server's refusal. */
export function socketFor(baseUrl: string, token: string | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(baseUrl, {
      path: '/socket.io/',
      auth: token ? { token } : {},
      transports: ['websocket'],
      reconnection: false,
    });
    opened.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** The socket event of a month's monthly board (the current month unless told). */
export const monthlyBoardEvent = (period: Period = currentPeriod()) => boardEventName(period);

/** The next event of that name, or a rejection after the timeout. */
export function nextEvent<Payload = unknown>(socket: Socket, name: string, timeoutMs = 3000): Promise<Payload> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no '${name}' within ${timeoutMs} ms`)), timeoutMs);
    socket.once(name, (payload: Payload) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves with what arrived in the window: for "gets nothing" assertions. */
export function eventsWithin(socket: Socket, name: string, windowMs: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  socket.on(name, (payload) => seen.push(payload));
  return new Promise((resolve) => setTimeout(() => resolve(seen), windowMs));
}

/**
 * Two instances of one firm, for the tests that need Redis: one database, one Redis, one token
 * secret. Registers their start and close around the calling describe block; read them inside tests.
 */
export function twoInstancesThroughRedis(): { readonly first: TestApp; readonly second: TestApp } {
  const apps: { first?: TestApp; second?: TestApp } = {};
  beforeAll(async () => {
    const shared = {
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      TOKEN_SECRET: 'secreto-de-prueba-compartido-por-dos-instancias',
    };
    apps.first = await createTestApp(shared);
    apps.second = await createTestApp(shared, { database: apps.first.database });
  });
  afterAll(async () => {
    await apps.second?.close();
    await apps.first?.close();
  });
  const started = (app: TestApp | undefined) => {
    if (!app) throw new Error('the two instances start in beforeAll');
    return app;
  };
  return {
    get first() {
      return started(apps.first);
    },
    get second() {
      return started(apps.second);
    },
  };
}
