import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';
import { startRedisServer } from '../test/redis-server.ts';
import { startTcpProxy, throughProxy } from '../test/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { openTestDatabase } from '../test/test-database.ts';

const ready = (t: TestApp) => t.request({ method: 'GET', url: '/api/health/ready' });

/** Polls readiness until it answers the status (a part that came back is seen within a second or two). */
async function expectReadiness(t: TestApp, status: number) {
  await expect.poll(async () => (await ready(t)).statusCode, { timeout: 10_000, interval: 100 }).toBe(status);
  return (await ready(t)).json();
}

describe('readiness of one app', () => {
  const logLines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  });
  afterAll(() => t.close());

  it('keeps /api/health as liveness, and /api/health/ready answers 200 with every part checked', async () => {
    const live = await t.request({ method: 'GET', url: '/api/health' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok', database: t.database.kind });
    const response = await ready(t);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', redis: 'sin configurar' },
    });
  });

  it('answers 503 naming the storage while files cannot be written, and 200 again once they can', async () => {
    const filesDir = path.join(t.dataDir, 'files');
    fs.rmSync(filesDir, { recursive: true, force: true });
    // A plain file where the folder should be: no write can succeed (not even as root).
    fs.writeFileSync(filesDir, 'no es una carpeta');
    const response = await ready(t);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      status: 'error',
      message: 'El servidor no está listo: no se puede escribir en el almacenamiento de archivos.',
      failing: ['storage'],
      checks: { database: 'ok', migrations: 'ok', storage: 'falla', redis: 'sin configurar' },
    });
    expect(response.body).not.toContain(t.dataDir);
    expect((await ready(t)).statusCode).toBe(503);
    fs.rmSync(filesDir);
    expect((await ready(t)).statusCode).toBe(200);
    // The probe leaves nothing behind.
    expect(fs.readdirSync(path.join(filesDir, '00'))).toEqual([]);
    // The log says it once when the part fails (with the cause) and once when it is back; probes are not logged.
    const said = logLines.filter((line) => line.part === 'storage');
    expect(said.map((line) => line.msg)).toEqual([
      'preparación: no se puede escribir en el almacenamiento de archivos',
      'preparación: el almacenamiento de archivos acepta escrituras de nuevo',
    ]);
    expect(JSON.stringify(said[0])).toMatch(/ENOTDIR|EEXIST/);
    expect(logLines.filter((line) => JSON.stringify(line).includes('/api/health'))).toEqual([]);
  });

  it('answers 503 saying the file store is full or nearly so while its free space is under the largest upload', async () => {
    // 20 files of FILE_MAX_MB (20 MB) each: 400 MB at least must stay free.
    const free = vi.spyOn(t.modules.storage, 'freeBytes').mockResolvedValue(399 * 2 ** 20);
    try {
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'El servidor no está listo: el almacenamiento de archivos está lleno o casi lleno.',
        failing: ['storage'],
        checks: { database: 'ok', migrations: 'ok', storage: 'falla', redis: 'sin configurar' },
      });
      free.mockResolvedValue(401 * 2 ** 20);
      expect((await ready(t)).statusCode).toBe(200);
    } finally {
      free.mockRestore();
    }
    // The disk's own reading (fs.statfs) of the test's data folder answers a number of bytes.
    expect(await t.modules.storage.freeBytes?.()).toBeGreaterThan(0);
  });

  it('answers 503 naming the migrations while one in the journal is not applied', async () => {
    const [latest] = (
      (await t.database.db.execute(
        sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { hash: string; created_at: string }[] }
    ).rows;
    if (!latest) throw new Error('no migration applied');
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.created_at}`);
    try {
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        message: 'El servidor no está listo: la base de datos no tiene aplicadas todas las migraciones.',
        failing: ['migrations'],
      });
    } finally {
      await t.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${latest.hash}, ${latest.created_at})`,
      );
    }
    expect((await ready(t)).statusCode).toBe(200);
  });
});

describe('readiness when the database is gone', () => {
  it('answers 503 naming the database once it is closed, saying nothing about where it is', async () => {
    const database = await openTestDatabase();
    const t = await createTestApp({}, { database });
    try {
      expect((await ready(t)).statusCode).toBe(200);
      await database.close();
      const response = await ready(t);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'error',
        message: 'El servidor no está listo: la base de datos no responde.',
        failing: ['database'],
        checks: { database: 'falla', migrations: 'sin comprobar', storage: 'ok', redis: 'sin configurar' },
      });
      expect(response.body).not.toMatch(/postgres:|127\.0\.0\.1/);
    } finally {
      await t.close();
    }
  });
});

// The database coming back needs a server that can go away and return: PostgreSQL behind a relay.
describe.runIf(process.env.DATABASE_URL)('readiness while PostgreSQL is cut off and back', () => {
  it('answers 503 naming the database while it is unreachable, and 200 again once it is back', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'test');
    const target = new URL(scratch.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const database = await openDatabase({ kind: 'postgres', url: throughProxy(scratch.url, proxy) });
    const t = await createTestApp({}, { database });
    try {
      expect((await ready(t)).statusCode).toBe(200);
      proxy.cut();
      const down = await expectReadiness(t, 503);
      expect(down.failing).toEqual(['database']);
      proxy.restore();
      expect((await expectReadiness(t, 200)).checks.database).toBe('ok');
    } finally {
      await t.close();
      await database.close();
      await proxy.close();
      await scratch.drop();
    }
  }, 30_000);
});

// CI has redis-server (and sets TEST_REDIS_URL, as for the other Redis tests).
describe.runIf(process.env.TEST_REDIS_URL)('readiness while Redis is stopped and back', () => {
  let redis: Awaited<ReturnType<typeof startRedisServer>> | undefined;
  afterEach(() => redis?.stop());

  it('answers 503 naming Redis while it is stopped, and 200 again once it is back', async () => {
    redis = await startRedisServer();
    const t = await createTestApp({ REDIS_URL: redis.url });
    try {
      expect((await expectReadiness(t, 200)).checks.redis).toBe('ok');
      await redis.stop();
      const down = await expectReadiness(t, 503);
      expect(down).toMatchObject({ failing: ['redis'], message: 'El servidor no está listo: Redis no responde.' });
      expect(JSON.stringify(down)).not.toContain(new URL(redis.url).port);
      await redis.start();
      expect((await expectReadiness(t, 200)).checks.redis).toBe('ok');
    } finally {
      await t.close();
    }
  }, 30_000);

  it('answers 503 naming Redis when it does not answer from the start, and 200 once it does', async () => {
    redis = await startRedisServer();
    await redis.stop();
    const t = await createTestApp({ REDIS_URL: redis.url });
    try {
      expect((await ready(t)).json()).toMatchObject({ failing: ['redis'] });
      await redis.start();
      expect((await expectReadiness(t, 200)).checks.redis).toBe('ok');
    } finally {
      await t.close();
    }
  }, 30_000);

  it('answers 503 naming Redis while it hangs (frozen, connections open), and 200 once it answers again', async () => {
    redis = await startRedisServer();
    const t = await createTestApp({ REDIS_URL: redis.url });
    try {
      expect((await expectReadiness(t, 200)).checks.redis).toBe('ok');
      redis.pause();
      const started = Date.now();
      const down = await ready(t);
      expect(down.statusCode).toBe(503);
      expect(down.json().failing).toEqual(['redis']);
      // A hung part answers within the check's timeout (2 s), not never.
      expect(Date.now() - started).toBeLessThan(4000);
      redis.resume();
      expect((await expectReadiness(t, 200)).checks.redis).toBe('ok');
    } finally {
      redis.resume();
      await t.close();
    }
  }, 30_000);
});
