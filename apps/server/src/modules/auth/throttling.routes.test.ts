import { randomInt, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { msg } from '@app/shared/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import * as passwords from '../../lib/passwords.ts';
import { requestFrom } from '../../test/request-from.ts';
import { createTestApp, OWNER, type TestApp } from '../../test/test-app.ts';
import { openTestDatabase } from '../../test/test-database.ts';

// Every rule about client addresses is proven over real HTTP from distinct loopback source
// addresses (Linux routes all of 127.0.0.0/8 to lo), never by trusting a forwarded header.

/** Sends a JSON request to the app from `from` (a loopback address), optionally with headers. */
const send = (
  app: FastifyInstance,
  from: string,
  options: { method?: string; url: string; payload?: unknown; headers?: Record<string, string> },
) => requestFrom(app, { method: 'POST', payload: {}, ...options, from });

const login = (app: FastifyInstance, from: string, email: string, password: string, headers?: Record<string, string>) =>
  send(app, from, { url: '/api/login', payload: { email, password }, headers });

/** An e-mail no other test (nor an earlier run sharing a Redis) has used. */
const freshEmail = () => `nadie-${randomUUID()}@estudio.cl`;

async function listening(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

// LOGIN_MAX_FAILURES = 1: a pair is refused after 1 failure, an address after 20.
describe('sign-in throttling per (e-mail, address) pair and per address (TRUST_PROXY off)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await listening({ LOGIN_MAX_FAILURES: '1' });
  });
  afterAll(() => t.close());

  it('refuses a stranger guessing from 127.0.0.5 with 429 there, while the owner signs in from 127.0.0.6', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      statuses.push((await login(t.app, '127.0.0.5', OWNER.email, `mala-${attempt}`)).status);
    }
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429, 429, 429, 429, 429]);
    const refused = await login(t.app, '127.0.0.5', OWNER.email, 'otra');
    expect(refused.body).toEqual({ message: msg.tooManyAttemptsWait(15) });

    const owner = await login(t.app, '127.0.0.6', OWNER.email, OWNER.password);
    expect(owner.status).toBe(200);
    expect(owner.body.token).toEqual(expect.any(String));
  });

  it('refuses an address spraying many e-mails once past twenty times the pair limit, and only that address', async () => {
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await login(t.app, '127.0.0.7', freshEmail(), 'mala')).status).toBe(401);
    }
    const refused = await login(t.app, '127.0.0.7', freshEmail(), 'mala');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: msg.tooManyAttemptsWait(15) });
    expect((await login(t.app, '127.0.0.8', freshEmail(), 'mala')).status).toBe(401);
  });

  it('does not let a rotating X-Forwarded-For escape the address limit', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt++) {
      const headers = { 'x-forwarded-for': `10.9.${attempt}.${attempt + 1}` };
      statuses.push((await login(t.app, '127.0.0.9', freshEmail(), 'mala', headers)).status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('lets only the limit through when one pair sends a burst of parallel guesses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, attempt) => login(t.app, '127.0.0.19', OWNER.email, `mala-${attempt}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([401, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('slows, without refusing, an e-mail guessed from many addresses; the right password still signs in', async () => {
    const { email } = await t.userWithRole('collaborator');
    expect((await login(t.app, '127.0.0.15', email, 'mala')).status).toBe(401);
    const started = performance.now();
    expect((await login(t.app, '127.0.0.16', email, 'mala')).status).toBe(401);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    expect((await login(t.app, '127.0.0.17', email, 'clave-segura')).status).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('when true, counts the address X-Forwarded-For names', async () => {
    const t = await listening({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: 'true' });
    try {
      const via = (client: string) => ({ 'x-forwarded-for': client });
      expect((await login(t.app, '127.0.0.10', OWNER.email, 'mala', via('10.1.0.1'))).status).toBe(401);
      expect((await login(t.app, '127.0.0.10', OWNER.email, 'mala', via('10.1.0.1'))).status).toBe(401);
      expect((await login(t.app, '127.0.0.10', OWNER.email, 'mala', via('10.1.0.1'))).status).toBe(429);
      expect((await login(t.app, '127.0.0.10', OWNER.email, OWNER.password, via('10.1.0.2'))).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('when a hop count, takes the address that many hops back in X-Forwarded-For, not what a client put before it', async () => {
    const t = await listening({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: '1' });
    try {
      const statuses: number[] = [];
      for (const spoofed of ['10.4.0.1', '10.4.0.2', '10.4.0.3']) {
        const headers = { 'x-forwarded-for': `${spoofed}, 10.5.0.1` };
        statuses.push((await login(t.app, '127.0.0.20', OWNER.email, 'mala', headers)).status);
      }
      expect(statuses).toEqual([401, 401, 429]);
      const respoofed = { 'x-forwarded-for': '10.4.0.9, 10.5.0.1' };
      expect((await login(t.app, '127.0.0.20', OWNER.email, OWNER.password, respoofed)).status).toBe(429);
      const other = await login(t.app, '127.0.0.20', OWNER.email, OWNER.password, { 'x-forwarded-for': '10.5.0.2' });
      expect(other.status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('when it lists proxies, believes X-Forwarded-For only from them', async () => {
    const t = await listening({ LOGIN_MAX_FAILURES: '2', TRUST_PROXY: '127.0.0.11, 10.0.0.0/8' });
    try {
      const email = freshEmail();
      for (const client of ['10.2.0.1', '10.2.0.1']) {
        const answer = await login(t.app, '127.0.0.11', email, 'mala', { 'x-forwarded-for': client });
        expect(answer.status).toBe(401);
      }
      // Another client behind the trusted proxy is counted apart.
      expect((await login(t.app, '127.0.0.11', email, 'mala', { 'x-forwarded-for': '10.2.0.2' })).status).toBe(401);
      // From an address that is not a listed proxy the header is ignored: the socket's address counts.
      const statuses: number[] = [];
      for (const client of ['10.3.0.1', '10.3.0.2', '10.3.0.3']) {
        statuses.push((await login(t.app, '127.0.0.12', email, 'mala', { 'x-forwarded-for': client })).status);
      }
      expect(statuses).toEqual([401, 401, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('counters shared across restarts and instances', () => {
  it('keeps counting after the app restarts on the same database', async () => {
    const database = await openTestDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'restart-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      LOGIN_MAX_FAILURES: '2',
    });
    const inject = (app: FastifyInstance, password: string) =>
      app.inject({ method: 'POST', url: '/api/login', payload: { email: OWNER.email, password } });
    // The first process stops without closing the database the second one opens.
    const first = await buildApp({ config, database: { ...database, close: async () => {} } });
    expect((await inject(first, 'mala')).statusCode).toBe(401);
    expect((await inject(first, 'mala')).statusCode).toBe(401);
    await first.close();

    const second = await buildApp({ config, database });
    try {
      const refused = await inject(second, OWNER.password);
      expect(refused.statusCode).toBe(429);
    } finally {
      await second.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  const redisUrl = process.env.TEST_REDIS_URL;
  it.runIf(redisUrl)('shares the counters between two instances through Redis', async () => {
    const env = { LOGIN_MAX_FAILURES: '2', REDIS_URL: redisUrl ?? '' };
    const [a, b] = [await listening(env), await listening(env)];
    try {
      // A source address and an e-mail of this run only: Redis outlives test runs.
      const from = `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
      const email = freshEmail();
      expect((await login(a.app, from, email, 'mala')).status).toBe(401);
      expect((await login(b.app, from, email, 'mala')).status).toBe(401);
      expect((await login(a.app, from, email, 'mala')).status).toBe(429);
      expect((await login(b.app, from, email, 'mala')).status).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('PUT /api/auth/change_password throttling', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await listening({ LOGIN_MAX_FAILURES: '1' });
  });
  afterAll(() => t.close());

  const change = (from: string, token: string) =>
    send(t.app, from, {
      method: 'PUT',
      url: '/api/auth/change_password',
      payload: { password: 'nueva-clave' },
      headers: { authorization: `Bearer ${token}` },
    });

  it('answers 401 to an unknown token without hashing the new password', async () => {
    const hashing = vi.spyOn(passwords, 'hashPassword');
    try {
      const answer = await change('127.0.0.13', 'inventado');
      expect(answer).toEqual({ status: 401, body: { message: msg.tokenInvalid } });
      expect(hashing).not.toHaveBeenCalled();
    } finally {
      hashing.mockRestore();
    }
  });

  it('refuses an address with 429 past twenty times LOGIN_MAX_FAILURES wrong tokens, and only that address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 22; attempt++)
      statuses.push((await change('127.0.0.14', `falso-${attempt}`)).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
    expect((await change('127.0.0.18', 'falso')).status).toBe(401);
  });
});
