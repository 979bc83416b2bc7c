import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../../db/client.ts';
import type { RedisLink } from '../../plugins/redis.ts';
import { authAttempts } from './auth.tables.ts';

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

/** Milliseconds since the epoch; tests pass one they move instead of sleeping. */
export type Clock = () => number;

/**
 * The default store: the `auth_attempts` table. Each hit is one atomic upsert, so parallel requests
 * (several connections on PostgreSQL) count exactly; times are the database's, the same for every
 * instance, unless a clock is given. Rows whose window has ended are deleted at most once per
 * `pruneEveryMs`.
 */
export function createDbAttemptStore(db: Db, options: { pruneEveryMs?: number; clock?: Clock } = {}): AttemptStore {
  const pruneEveryMs = options.pruneEveryMs ?? 60_000;
  const { clock } = options;
  const nowMs = clock ?? Date.now;
  const now = () => (clock ? sql`${new Date(clock()).toISOString()}::timestamptz` : sql`now()`);
  let lastPrune = Number.NEGATIVE_INFINITY;
  const live = () => gt(authAttempts.expiresAt, now());

  async function pruneNow() {
    if (nowMs() - lastPrune < pruneEveryMs) return;
    lastPrune = nowMs();
    await db.delete(authAttempts).where(lte(authAttempts.expiresAt, now()));
  }

  return {
    async hit(key, windowMs) {
      const expired = sql`${authAttempts.expiresAt} <= ${now()}`;
      const [row] = await db
        .insert(authAttempts)
        .values({
          key,
          count: 1,
          windowStart: now(),
          expiresAt: sql`${now()} + ${windowMs} * interval '1 millisecond'`,
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
        .where(and(eq(authAttempts.key, key), live()));
      return row?.count ?? 0;
    },

    async msLeft(key) {
      const [row] = await db
        .select({ ms: sql<string>`extract(epoch from (${authAttempts.expiresAt} - ${now()})) * 1000` })
        .from(authAttempts)
        .where(and(eq(authAttempts.key, key), live()));
      return row ? Math.max(0, Math.ceil(Number(row.ms))) : 0;
    },

    async release(key) {
      await db
        .update(authAttempts)
        .set({ count: sql`${authAttempts.count} - 1` })
        .where(and(eq(authAttempts.key, key), gt(authAttempts.count, 0), live()));
    },

    async clear(key) {
      await db.delete(authAttempts).where(eq(authAttempts.key, key));
    },

    async close() {},
  };
}

// A hash per key: `count` and `ends` (ms since the epoch). The window is judged against the time
// each call passes (the clock's, or Redis's own TIME without one), and the key's TTL lets Redis drop
// it by itself once ended. The prefix differs from the former plain counters so the two never meet.
const KEY_PREFIX = 'auth-window:';

const NOW = `
local now = tonumber(ARGV[1])
if not now then
  local time = redis.call('TIME')
  now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
end`;

// ARGV: now (or ''), window ms. Opens a window when none is live, then counts the hit.
const HIT_SCRIPT = `${NOW}
local ends = tonumber(redis.call('HGET', KEYS[1], 'ends') or '0')
if ends <= now then
  redis.call('HSET', KEYS[1], 'count', 0, 'ends', now + tonumber(ARGV[2]))
  redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(ARGV[2])))
end
return redis.call('HINCRBY', KEYS[1], 'count', 1)`;

// ARGV: now (or ''). Answers { count, ms left } of the live window, { 0, 0 } without one.
const READ_SCRIPT = `${NOW}
local values = redis.call('HMGET', KEYS[1], 'count', 'ends')
local ends = tonumber(values[2] or '0')
if ends <= now then return {0, 0} end
return {tonumber(values[1] or '0'), ends - now}`;

// ARGV: now (or ''). Decrements only a live, positive count: an ended window is not revived.
const RELEASE_SCRIPT = `${NOW}
local values = redis.call('HMGET', KEYS[1], 'count', 'ends')
if tonumber(values[2] or '0') > now and tonumber(values[1] or '0') > 0 then
  return redis.call('HINCRBY', KEYS[1], 'count', -1)
end
return 0`;

/**
 * The store when `REDIS_URL` is set, shared by every instance: each call is one script, so parallel
 * hits count exactly, and every key carries its window as TTL, so Redis forgets ended windows.
 */
export function createRedisAttemptStore(redis: Redis, options: { clock?: Clock } = {}): AttemptStore {
  const name = (key: string) => KEY_PREFIX + key;
  const now = () => (options.clock ? String(options.clock()) : '');
  const read = async (key: string) =>
    ((await redis.eval(READ_SCRIPT, 1, name(key), now())) as [number, number]).map(Number) as [number, number];
  return {
    async hit(key, windowMs) {
      return Number(await redis.eval(HIT_SCRIPT, 1, name(key), now(), Math.ceil(windowMs)));
    },

    async count(key) {
      return (await read(key))[0];
    },

    async msLeft(key) {
      return Math.max(0, (await read(key))[1]);
    },

    async release(key) {
      await redis.eval(RELEASE_SCRIPT, 1, name(key), now());
    },

    async clear(key) {
      await redis.del(name(key));
    },

    async close() {
      if (redis.status !== 'end') await redis.quit();
    },
  };
}

/**
 * Calls the Redis store while Redis is reachable and the database store otherwise: when Redis is
 * unreachable, hangs or refuses a call, that call is answered from the database's counters (a
 * window counted in Redis before the outage is not seen there), so sign-in never fails for it.
 */
export function withDatabaseFallback(
  redis: AttemptStore,
  database: AttemptStore,
  link: Pick<RedisLink, 'state' | 'commandFailed'>,
): AttemptStore {
  const either =
    <Args extends unknown[], Result>(call: (store: AttemptStore, ...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      if (link.state() === 'up') {
        try {
          return await call(redis, ...args);
        } catch (error) {
          link.commandFailed(error);
        }
      }
      return call(database, ...args);
    };
  return {
    hit: either((store, key: string, windowMs: number) => store.hit(key, windowMs)),
    count: either((store, key: string) => store.count(key)),
    msLeft: either((store, key: string) => store.msLeft(key)),
    release: either((store, key: string) => store.release(key)),
    clear: either((store, key: string) => store.clear(key)),
    // The connection belongs to the app, which closes it.
    close: async () => {},
  };
}

/** Redis (falling back to the database while it is unreachable) when `REDIS_URL` is set, the database otherwise. */
export function createAttemptStore(options: { db: Db; redis?: RedisLink }): AttemptStore {
  const database = createDbAttemptStore(options.db);
  if (!options.redis) return database;
  return withDatabaseFallback(createRedisAttemptStore(options.redis.commands), database, options.redis);
}
