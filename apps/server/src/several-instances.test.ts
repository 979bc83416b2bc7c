import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { currentPeriod } from '@app/shared/period';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db/client.ts';
import { createScratchDatabase } from './db/scratch-database.ts';
import { createServiceWithStates, insertBusiness, linkService } from './test/factories.ts';
import { freePort, startRedisServer } from './test/redis-server.ts';
import { type ServerProcess, spawnServer } from './test/server-process.ts';
import { closeSocketsAfterEach, monthlyBoardEvent, nextEvent, socketFor } from './test/sockets.ts';
import { createTestApp, OWNER, TEST_KEYS, type TestApp } from './test/test-app.ts';

// Several instances: two real server processes (main.ts) on one PostgreSQL database and
// one Redis, behind no proxy: a change made through one reaches a socket on the other, a logout on
// one ends the session's socket on the other, and an instance whose keys differ does not start.
// The Redis is a redis-server of this test's own, so no other test's events cross its instances.
const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;
const serverUrl = process.env.DATABASE_URL;
const SHARED_STORAGE_ID = `instancias-${process.pid}`;

interface Instance extends ServerProcess {
  url: string;
}

/** Starts the real server (main.ts) as one instance of the firm, with the environment given. */
function startInstance(env: Record<string, string>): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'instance-'));
  // The instances share one file store, as several instances on disk storage must (one shared folder):
  // an instance with a store of its own is refused beside them.
  fs.mkdirSync(path.join(dataDir, 'files'));
  fs.writeFileSync(path.join(dataDir, 'files', '.storage-id'), `${SHARED_STORAGE_ID}\n`);
  const server = spawnServer({
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SCHEDULER: 'off',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    TOKEN_SECRET: '',
    ENCRYPTION_KEY: '',
    VAPID_PUBLIC_KEY: '',
    VAPID_PRIVATE_KEY: '',
    ...env,
  });
  void server.exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return { ...server, url: `http://127.0.0.1:${env.PORT}` };
}

/** Resolves once the instance says it listens; throws with its output when it stops or says why it cannot. */
async function listening(instance: Instance) {
  let stopped = false;
  void instance.exited.then(() => {
    stopped = true;
  });
  const started = Date.now();
  while (!instance.output().includes('Estudio Contable listo')) {
    if (stopped || Date.now() - started > 60_000) throw new Error(`the instance did not start:\n${instance.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

closeSocketsAfterEach();

describe.runIf(serverUrl && redisServerInstalled)('two instances on one PostgreSQL and one Redis', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let redis: Awaited<ReturnType<typeof startRedisServer>>;
  let database: Database;
  let setup: TestApp;
  const instances: Instance[] = [];
  let keysEnv: Record<string, string>;

  beforeAll(async () => {
    scratch = await createScratchDatabase(serverUrl ?? '', 'instances');
    redis = await startRedisServer();
    keysEnv = {
      DATABASE_URL: scratch.url,
      REDIS_URL: redis.url,
      TOKEN_SECRET: TEST_KEYS.tokenSecret,
      ENCRYPTION_KEY: TEST_KEYS.encryptionKey,
      VAPID_PUBLIC_KEY: TEST_KEYS.vapidPublicKey,
      VAPID_PRIVATE_KEY: TEST_KEYS.vapidPrivateKey,
    };
    // Both start at once on the empty database: migrations, the first owner and the keys' fingerprints.
    const [first, second] = await Promise.all([freePort(), freePort()]);
    instances.push(
      startInstance({ ...keysEnv, PORT: String(first) }),
      startInstance({ ...keysEnv, PORT: String(second) }),
    );
    await Promise.all(instances.map(listening));
    // What the tests need in the database, written by a third instance of the same firm in this process.
    database = await openDatabase({ kind: 'postgres', url: scratch.url });
    setup = await createTestApp({}, { database });
  }, 120_000);

  afterAll(async () => {
    for (const instance of instances) instance.child.kill('SIGTERM');
    await Promise.all(instances.map((instance) => instance.exited));
    await setup?.close();
    await database?.close();
    await redis?.stop();
    await scratch?.drop();
  });

  const [a, b] = [() => instances[0] as Instance, () => instances[1] as Instance];

  async function signIn(instance: Instance) {
    const response = await fetch(`${instance.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER.email, password: OWNER.password }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { token: string }).token;
  }

  it('brings 20 of 20 board changes made through one instance to a socket on the other', async () => {
    const service = await createServiceWithStates(setup, `F29 ${Math.random()}`, [
      { name: 'Pendiente', pctProgress: 0 },
      { name: 'Listo', pctProgress: 100 },
    ]);
    const business = await insertBusiness(setup, { startContract: '2020-01-01' });
    await linkService(setup, business.id, service.serviceId);
    const token = await signIn(a());
    const socket = await socketFor(b().url, await signIn(b()));
    const period = currentPeriod();
    const delays: number[] = [];
    for (let change = 0; change < 20; change++) {
      // From the second state on: saving the state a cell already has changes nothing and says nothing.
      const stateId = service.stateIds[(change + 1) % 2];
      const received = nextEvent<{ businessId: number; stateId: number }>(socket, monthlyBoardEvent(), 3000);
      const started = performance.now();
      const response = await fetch(`${a().url}/api/monthly-states/year/${period.year}/month/${period.month}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ businessId: business.id, serviceId: service.serviceId, stateId }),
      });
      expect(response.status).toBe(200);
      await expect(received).resolves.toMatchObject({ businessId: business.id });
      delays.push(performance.now() - started);
    }
    delays.sort((x, y) => x - y);
    expect(delays).toHaveLength(20);
    // The PUT and the event's trip through Redis (printed for the README's measures).
    console.info(`change on A → event on B: p50 ${delays[9]?.toFixed(1)} ms, max ${delays[19]?.toFixed(1)} ms`);
  });

  it('closes, on the other instance, the socket of a session that logs out through one', async () => {
    const token = await signIn(a());
    const socket = await socketFor(b().url, token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const logout = await fetch(`${a().url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
    await expect(socketFor(b().url, token)).rejects.toThrow('Debes iniciar sesión');
    // A token signed by one instance works on the other.
    const other = await signIn(b());
    expect((await fetch(`${a().url}/api/user/me`, { headers: { authorization: `Bearer ${other}` } })).status).toBe(200);
  });

  it('ends, once Redis is back, the other instance’s socket of a session that logged out while Redis was down', async () => {
    const token = await signIn(a());
    const socket = await socketFor(b().url, token);
    await redis.stop();
    const logout = await fetch(`${a().url}/api/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBeLessThan(300);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    await redis.start();
    // Its transport is closed so the browser reconnects, and the ended session is refused then.
    expect(await closed).toBe('transport close');
    await expect(socketFor(b().url, token)).rejects.toThrow('Debes iniciar sesión');
    // Both instances share events again.
    const owner = await signIn(a());
    expect((await fetch(`${b().url}/api/user/me`, { headers: { authorization: `Bearer ${owner}` } })).status).toBe(200);
  });

  it('refuses to start an instance left to generate its own keys, and one with another ENCRYPTION_KEY, naming the variables', async () => {
    const otherKey = Buffer.alloc(32, 9).toString('base64');
    const [own, otherEncryption] = [
      startInstance({ DATABASE_URL: scratch.url, REDIS_URL: redis.url, PORT: String(await freePort()) }),
      startInstance({ ...keysEnv, ENCRYPTION_KEY: otherKey, PORT: String(await freePort()) }),
    ];
    expect(await own.exited).toBe(1);
    expect(own.output()).toMatch(/No se inicia: TOKEN_SECRET \(tomada de .*secrets\.json/);
    expect(own.output()).toMatch(/No se inicia: ENCRYPTION_KEY \(tomada de .*secrets\.json/);
    expect(own.output()).toMatch(/No se inicia: VAPID_PRIVATE_KEY \(tomada de .*secrets\.json/);
    expect(await otherEncryption.exited).toBe(1);
    expect(otherEncryption.output()).toContain('No se inicia: ENCRYPTION_KEY (tomada de la variable ENCRYPTION_KEY)');
    expect(otherEncryption.output()).not.toContain('TOKEN_SECRET');
    expect(otherEncryption.output()).not.toContain(otherKey);
    expect(otherEncryption.output()).not.toContain('at ');
  }, 60_000);
});
