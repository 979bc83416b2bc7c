import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type * as IoRedis from 'ioredis';
import type { Db } from '../db/client.ts';
import { loggableError } from '../lib/db-errors.ts';
import { type FileStorage, StorageUnavailableError } from '../lib/file-storage/storage.ts';
import { loadWhenUsed } from '../lib/load-when-used.ts';

/** ioredis loads only when REDIS_URL is set. */
const ioredis = loadWhenUsed<typeof IoRedis>('ioredis');

/** The parts readiness checks; each answers 'ok' or what is wrong with it, in Spanish. */
export type ReadinessPart = 'database' | 'migrations' | 'storage' | 'redis';

const FAILURE: Record<ReadinessPart, string> = {
  database: 'la base de datos no responde',
  migrations: 'la base de datos no tiene aplicadas todas las migraciones',
  storage: 'no se puede escribir en el almacenamiento de archivos',
  redis: 'Redis no responde',
};
/** The storage's failure when it takes writes no more for want of space, or has less free than `minFreeBytes`. */
const STORAGE_FULL = 'el almacenamiento de archivos está lleno o casi lleno';

/** Less free space than readiness asks of the file store. */
class LowSpaceError extends Error {
  constructor(freeBytes: number, minFreeBytes: number) {
    super(`quedan ${Math.floor(freeBytes / 2 ** 20)} MB libres de ${Math.ceil(minFreeBytes / 2 ** 20)} MB pedidos`);
  }
}

const RECOVERED: Record<ReadinessPart, string> = {
  database: 'la base de datos responde de nuevo',
  migrations: 'la base de datos tiene aplicadas todas las migraciones',
  storage: 'el almacenamiento de archivos acepta escrituras de nuevo',
  redis: 'Redis responde de nuevo',
};

export interface HealthOptions {
  db: Db;
  databaseKind: 'pglite' | 'postgres';
  /** apps/server/drizzle: its journal lists the migrations this code expects applied. */
  migrationsDir: string;
  storage: Pick<FileStorage, 'put' | 'remove' | 'freeBytes'>;
  /**
   * Readiness fails when the file store (on disk) has less free space than this: the app passes
   * the largest upload it accepts, so a ready instance can always take one more.
   */
  minFreeBytes?: number;
  redisUrl?: string;
  /** How long each part may take to answer before it counts as failing. */
  timeoutMs?: number;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The migrations' timestamps (drizzle's `created_at`) that the journal lists. */
function expectedMigrations(migrationsDir: string): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return journal.entries.map((entry) => String(entry.when));
}

/**
 * A connection of its own that never queues commands while Redis is away, so a ping answers at
 * once (or within the timeout) whatever the app's own Redis clients are doing.
 */
function redisPinger(url: string) {
  const { Redis } = ioredis();
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1000,
    retryStrategy: (times) => Math.min(times * 200, 1000),
  });
  client.on('error', () => {}); // failures are reported by readiness, not as unhandled errors
  let connectedOnce = false;
  client.on('ready', () => {
    connectedOnce = true;
  });
  return {
    async ping(timeoutMs: number) {
      if (client.status === 'wait') client.connect().catch(() => undefined);
      // The first check waits for the first connection; later ones fail at once while it is down.
      if (!connectedOnce && client.status !== 'ready') {
        await withTimeout(new Promise((resolve) => client.once('ready', resolve)), timeoutMs);
      }
      await withTimeout(client.ping(), timeoutMs);
    },
    close: () => client.disconnect(),
  };
}

/**
 * `GET /api/health`: liveness (the process answers). `GET /api/health/ready`: 200 only when the
 * database answers with every migration applied, file storage takes a write and Redis answers
 * (when configured); otherwise 503 naming the failing parts. Neither says anything secret (no
 * address, no error text: those go to the log, once when a part fails and once when it is back).
 */
export function registerHealth(app: FastifyInstance, options: HealthOptions) {
  const timeoutMs = options.timeoutMs ?? 2000;
  const expected = expectedMigrations(options.migrationsDir);
  const redis = options.redisUrl ? redisPinger(options.redisUrl) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());

  async function checkDatabase(): Promise<void> {
    await withTimeout(options.db.execute(sql`select 1`), timeoutMs);
  }
  async function checkMigrations(): Promise<void> {
    const result = (await withTimeout(
      options.db.execute(sql`select created_at from drizzle.__drizzle_migrations`),
      timeoutMs,
    )) as { rows: { created_at: string | number }[] };
    const applied = new Set(result.rows.map((row) => String(row.created_at)));
    const missing = expected.filter((when) => !applied.has(when)).length;
    if (missing) throw new Error(`faltan ${missing} migraciones`);
  }
  async function checkStorage(): Promise<void> {
    // A key of ours (a UUID), under 00/ on disk; a crash before the removal leaves bytes no file
    // row names, which the orphan sweep removes after an hour.
    const key = `00000000-${randomUUID().slice(9)}`;
    await withTimeout(options.storage.put(key, Buffer.from('ok')), timeoutMs);
    await withTimeout(options.storage.remove(key), timeoutMs);
    const free = options.storage.freeBytes && (await withTimeout(options.storage.freeBytes(), timeoutMs));
    const wanted = options.minFreeBytes ?? 0;
    if (free !== undefined && free < wanted) throw new LowSpaceError(free, wanted);
  }

  /** The failing parts, each with what is wrong with it. */
  const failing = new Map<ReadinessPart, string>();
  const failureOf = (part: ReadinessPart, error: unknown) =>
    error instanceof LowSpaceError || (error instanceof StorageUnavailableError && error.reason === 'full')
      ? STORAGE_FULL
      : FAILURE[part];
  async function check(part: ReadinessPart, run: () => Promise<void>): Promise<boolean> {
    try {
      await run();
      if (failing.delete(part)) app.log.info({ part }, `preparación: ${RECOVERED[part]}`);
      return true;
    } catch (error) {
      const failure = failureOf(part, error);
      if (failing.get(part) !== failure) {
        failing.set(part, failure);
        const { stack: _stack, ...details } = loggableError(error);
        app.log.warn({ part, error: details }, `preparación: ${failure}`);
      }
      return false;
    }
  }

  app.get('/api/health', { schema: { hide: true }, logLevel: 'warn' }, async () => ({
    status: 'ok',
    database: options.databaseKind,
  }));

  app.get('/api/health/ready', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) => {
    const [database, storage, redisOk] = await Promise.all([
      check('database', checkDatabase).then(async (ok) => ({
        ok,
        migrations: ok && (await check('migrations', checkMigrations)),
      })),
      check('storage', checkStorage),
      redis ? check('redis', () => redis.ping(timeoutMs)) : Promise.resolve(undefined),
    ]);
    const state = (ok: boolean | undefined) => (ok === undefined ? 'sin configurar' : ok ? 'ok' : 'falla');
    const checks = {
      database: state(database.ok),
      migrations: database.ok ? state(database.migrations) : 'sin comprobar',
      storage: state(storage),
      redis: state(redisOk),
    };
    const failed = (Object.keys(checks) as ReadinessPart[]).filter((part) => checks[part] === 'falla');
    reply.header('cache-control', 'no-store');
    if (!failed.length) return { status: 'ok', checks };
    return reply.status(503).send({
      status: 'error',
      message: `El servidor no está listo: ${failed.map((part) => failing.get(part) ?? FAILURE[part]).join('; ')}.`,
      failing: failed,
      checks,
    });
  });
}
