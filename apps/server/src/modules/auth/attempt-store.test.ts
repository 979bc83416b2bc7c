import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { openTestDatabase } from '../../test/test-database.ts';
import { type AttemptStore, type Clock, createDbAttemptStore, createRedisAttemptStore } from './attempt-store.ts';
import { authAttempts } from './auth.tables.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? process.env.REDIS_URL;

/** A clock the test moves by hand, so window ends come without sleeping. */
function movableClock() {
  let now = Date.now();
  const clock: Clock = () => now;
  return {
    clock,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** What every store must do, whichever keeps the counters; the store reads the given clock. */
function storeContract(name: string, open: (clock: Clock) => Promise<AttemptStore>) {
  describe(`${name} (AttemptStore contract)`, () => {
    let store: AttemptStore;
    const time = movableClock();
    beforeAll(async () => {
      store = await open(time.clock);
    });
    const key = () => `contract:${randomUUID()}`;

    it('counts hits per key within the window and answers the count', async () => {
      const [a, b] = [key(), key()];
      expect(await store.count(a)).toBe(0);
      expect(await store.hit(a, 60_000)).toBe(1);
      expect(await store.hit(a, 60_000)).toBe(2);
      expect(await store.hit(b, 60_000)).toBe(1);
      expect(await store.count(a)).toBe(2);
      expect(await store.count(b)).toBe(1);
    });

    it('starts again from zero once the window has passed, without the later hits stretching it', async () => {
      const k = key();
      await store.hit(k, 2000);
      time.advance(200);
      expect(await store.hit(k, 2000)).toBe(2);
      time.advance(1799);
      expect(await store.count(k)).toBe(2);
      time.advance(1);
      expect(await store.count(k)).toBe(0);
      expect(await store.hit(k, 2000)).toBe(1);
    });

    it('counts parallel hits exactly (atomic increment)', async () => {
      const k = key();
      const counts = await Promise.all(Array.from({ length: 40 }, () => store.hit(k, 60_000)));
      expect(counts.sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
      expect(await store.count(k)).toBe(40);
    });

    it('gives back one hit on release, never below zero nor reviving an ended window', async () => {
      const k = key();
      await store.hit(k, 60_000);
      await store.hit(k, 60_000);
      await store.release(k);
      expect(await store.count(k)).toBe(1);
      await store.release(k);
      await store.release(k);
      expect(await store.count(k)).toBe(0);
      expect(await store.hit(k, 60_000)).toBe(1);

      const ended = key();
      await store.hit(ended, 50);
      time.advance(100);
      await store.release(ended);
      await store.release(key());
      expect(await store.count(ended)).toBe(0);
      expect(await store.hit(ended, 60_000)).toBe(1);
    });

    it("answers how long is left of a key's window, 0 when none is open or it has ended", async () => {
      const [k, ended] = [key(), key()];
      expect(await store.msLeft(k)).toBe(0);
      await store.hit(k, 15 * 60_000);
      time.advance(20);
      const left = await store.msLeft(k);
      expect(left).toBeGreaterThan(14 * 60_000);
      expect(left).toBeLessThan(15 * 60_000);
      expect(left).toBe(15 * 60_000 - 20);
      await store.hit(ended, 50);
      time.advance(120);
      expect(await store.msLeft(ended)).toBe(0);
    });

    it('forgets a key on clear', async () => {
      const [k, other] = [key(), key()];
      await store.hit(k, 60_000);
      await store.hit(other, 60_000);
      await store.clear(k);
      expect(await store.count(k)).toBe(0);
      expect(await store.count(other)).toBe(1);
    });
  });
}

describe('database store', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  storeContract('database store', async (clock) => createDbAttemptStore(database.db, { clock }));

  it('prunes rows whose window has ended, so a flood of unique keys leaves the table bounded', async () => {
    const time = movableClock();
    const store = createDbAttemptStore(database.db, { pruneEveryMs: 50, clock: time.clock });
    await database.db.delete(authAttempts);
    for (let batch = 0; batch < 5; batch++) {
      await Promise.all(Array.from({ length: 100 }, (_, index) => store.hit(`flood:${batch}:${index}`, 30)));
      time.advance(60);
    }
    await store.hit('flood:last', 60_000);
    expect(await database.db.$count(authAttempts)).toBe(1);
  });

  it('prunes at most once per interval', async () => {
    const store = createDbAttemptStore(database.db, { pruneEveryMs: 60_000 });
    await database.db.delete(authAttempts);
    await store.hit('interval:first', 60_000); // the first hit prunes
    await database.db
      .insert(authAttempts)
      .values({ key: 'interval:ended', count: 1, expiresAt: new Date(Date.now() - 1000) });
    await store.hit('interval:second', 60_000); // within the interval: the ended row stays
    expect(await database.db.$count(authAttempts)).toBe(3);
  });
});

describe.runIf(redisUrl)('Redis store', () => {
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  afterAll(() => redis.quit());

  storeContract('Redis store', async (clock) => createRedisAttemptStore(redis, { clock }));

  // Without a clock the windows run on Redis's own time, as in production.
  it("times a window on Redis's clock when given none", async () => {
    const store = createRedisAttemptStore(redis);
    const key = `own-clock:${randomUUID()}`;
    expect(await store.hit(key, 60_000)).toBe(1);
    expect(await store.hit(key, 60_000)).toBe(2);
    const left = await store.msLeft(key);
    expect(left).toBeGreaterThan(59_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });

  it('gives every counter its window as time to live, so Redis drops it by itself', async () => {
    const store = createRedisAttemptStore(redis);
    const key = `ttl:${randomUUID()}`;
    await store.hit(key, 5_000);
    await store.hit(key, 5_000);
    const ttl = await redis.pttl(`auth-window:${key}`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
  });
});
