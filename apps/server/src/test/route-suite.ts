import { msg } from '@app/shared/messages';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { tokensForEveryRole } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

type Payload = InjectOptions['payload'];
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Requests as one caller, one line each. */
export interface Caller {
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Payload): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** A caller with the token, or an anonymous one without; the token is read at each request. */
export function callerFor(t: TestApp, token: () => string | undefined = () => undefined): Caller {
  const send = (method: Method, url: string, payload?: Payload) => t.request({ method, url, token: token(), payload });
  return {
    get: (url) => send('GET', url),
    post: (url, payload) => send('POST', url, payload),
    put: (url, payload) => send('PUT', url, payload),
    delete: (url) => send('DELETE', url),
  };
}

type Tokens = Awaited<ReturnType<typeof tokensForEveryRole>>;

export interface AppWithEveryRole {
  /** The file's app; usable inside tests (it starts in beforeAll). */
  t: TestApp;
  /** A signed-in token of each role; the client belongs to `clientBusinessId`. */
  roles: Readonly<Tokens>;
  /** One caller per role, and an anonymous one. */
  api: Record<'owner' | 'collaborator' | 'client' | 'anonymous', Caller>;
  /** Expects the request refused to the client (403) and to an anonymous caller (401), with their messages. */
  expectClientAndAnonymousRefused(request: { method: Method; url: string; payload?: Payload }): Promise<void>;
}

/**
 * One test app for the calling file (or describe block) with a user of each role signed in:
 * registers its start in beforeAll and its close in afterAll.
 */
export function appWithEveryRole(env: Record<string, string> = {}): AppWithEveryRole {
  let started: { app: TestApp; tokens: Tokens } | undefined;
  beforeAll(async () => {
    const app = await createTestApp(env);
    started = { app, tokens: await tokensForEveryRole(app) };
  });
  afterAll(() => started?.app.close());
  const current = () => {
    if (!started) throw new Error('the app starts in beforeAll; use it inside tests');
    return started;
  };
  // Stand-ins read at each use, so a file can name them before its app has started.
  const t = new Proxy({} as TestApp, { get: (_, key) => Reflect.get(current().app, key) });
  const roles = new Proxy({} as Tokens, { get: (_, key) => Reflect.get(current().tokens, key) });
  const api = {
    owner: callerFor(t, () => roles.owner),
    collaborator: callerFor(t, () => roles.collaborator),
    client: callerFor(t, () => roles.client),
    anonymous: callerFor(t),
  };
  async function expectClientAndAnonymousRefused(request: { method: Method; url: string; payload?: Payload }) {
    const asClient = await t.request({ ...request, token: roles.client });
    expect(asClient.statusCode).toBe(403);
    expect(asClient.json()).toEqual({ message: msg.forbidden });
    const anonymous = await t.request(request);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: msg.unauthorized });
  }
  return { t, roles, api, expectClientAndAnonymousRefused };
}
