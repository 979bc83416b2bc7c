import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import { authAttempts } from '../../db/schema/auth.ts';

/**
 * Counters for throttling, in fixed windows: the first hit of a key opens a window of `windowMs`,
 * later hits within it add to the count, and once it has passed the key counts from zero again.
 * Shared by every instance and kept across restarts (database or Redis), so nothing grows in
 * process memory however many keys a flood brings.
 */
export interface AttemptStore {
  /** Counts one attempt and answers the key's count in the current window, this one included. */
  hit(key: string, windowMs: number): Promise<number>;
  /** The key's count in the current window (0 when none is open). */
  count(key: string): Promise<number>;
  /** How long until the key's current window ends, in milliseconds (0 when none is open). */
  msLeft(key: string): Promise<number>;
  /** Takes back one hit (an attempt that turned out legitimate); never below 0 nor past the window. */
  release(key: string): Promise<void>;
  /** Forgets the key. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The default store: the `auth_attempts` table. Each hit is one atomic upsert, so parallel requests
 * (several connections on PostgreSQL) count exactly; times are the database's, the same for every
 * instance. Rows whose window has ended are deleted at most once per `pruneEveryMs`.
 */
export function createDbAttemptStore(db: Db, options: { pruneEveryMs?: number } = {}): AttemptStore {
  const pruneEveryMs = options.pruneEveryMs ?? 60_000;
  let lastPrune = Number.NEGATIVE_INFINITY;
  const live = gt(authAttempts.expiresAt, sql`now()`);

  async function pruneNow() {
    if (Date.now() - lastPrune < pruneEveryMs) return;
    lastPrune = Date.now();
    await db.delete(authAttempts).where(lte(authAttempts.expiresAt, sql`now()`));
  }

  return {
    async hit(key, windowMs) {
      const expired = sql`${authAttempts.expiresAt} <= now()`;
      const [row] = await db
        .insert(authAttempts)
        .values({
          key,
          count: 1,
          windowStart: sql`now()`,
          expiresAt: sql`now() + ${windowMs} * interval '1 millisecond'`,
        })
        .onConflictDoUpdate({
          target: authAttempts.key,
          set: {
            count: sql`CASE WHEN ${expired} THEN 1 ELSE ${authAttempts.count} + 1 END`,
            windowStart: sql`CASE WHEN ${expired} THEN excluded.window_start ELSE ${authAttempts.windowStart} END`,
            expiresAt: sql`CASE WHEN ${expired} THEN excluded.expires_at ELSE ${authAttempts.expiresAt} END`,
          },
        })
        .returning({ count: authAttempts.count });
      await pruneNow();
      return row?.count ?? 1;
    },

    async count(key) {
      const [row] = await db
        .select({ count: authAttempts.count })
        .from(authAttempts)
        .where(and(eq(authAttempts.key, key), live));
      return row?.count ?? 0;
    },

    async msLeft(key) {
      const [row] = await db
        .select({ ms: sql<string>`extract(epoch from (${authAttempts.expiresAt} - now())) * 1000` })
        .from(authAttempts)
        .where(and(eq(authAttempts.key, key), live));
      return row ? Math.max(0, Math.ceil(Number(row.ms))) : 0;
    },

    async release(key) {
      await db
        .update(authAttempts)
        .set({ count: sql`${authAttempts.count} - 1` })
        .where(and(eq(authAttempts.key, key), gt(authAttempts.count, 0), live));
    },

    async clear(key) {
      await db.delete(authAttempts).where(eq(authAttempts.key, key));
    },

    async close() {},
  };
}

const KEY_PREFIX = 'auth-attempts:';

// Decrements only a live, positive counter: a key that expired meanwhile is not re-created without a TTL.
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0`;

/**
 * The store when `REDIS_URL` is set, shared by every instance: one key per counter, created with
 * its window as TTL and incremented in the same MULTI, so Redis itself forgets ended windows.
 */
export function createRedisAttemptStore(redis: Redis): AttemptStore {
  const name = (key: string) => KEY_PREFIX + key;
  return {
    async hit(key, windowMs) {
      const results = await redis
        .multi()
        .set(name(key), 0, 'PX', Math.max(1, Math.ceil(windowMs)), 'NX')
        .incr(name(key))
        .exec();
      const [error, count] = results?.[1] ?? [new Error('Redis MULTI aborted'), null];
      if (error) throw error;
      return Number(count);
    },

    async count(key) {
      return Number((await redis.get(name(key))) ?? 0);
    },

    async msLeft(key) {
      return Math.max(0, await redis.pttl(name(key)));
    },

    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, name(key));
    },

    async clear(key) {
      await redis.del(name(key));
    },

    async close() {
      if (redis.status !== 'end') await redis.quit();
    },
  };
}

/** Redis when `REDIS_URL` is set, the database otherwise. */
export function createAttemptStore(options: { db: Db; redisUrl?: string; log: FastifyBaseLogger }): AttemptStore {
  if (!options.redisUrl) return createDbAttemptStore(options.db);
  // A request fails (500) rather than waiting without end while Redis is unreachable.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  let reported = false;
  redis.on('error', (error: Error) => {
    if (!reported) options.log.error({ err: { message: error.message } }, 'Redis (sign-in throttling) unreachable');
    reported = true;
  });
  redis.on('ready', () => {
    reported = false;
  });
  return createRedisAttemptStore(redis);
}
