import type { FastifyBaseLogger } from 'fastify';
import type * as IoRedis from 'ioredis';
import type { Redis } from 'ioredis';
import { loadWhenUsed } from '../lib/load-when-used.ts';

/** ioredis loads only when REDIS_URL is set. */
const ioredis = loadWhenUsed<typeof IoRedis>('ioredis');

/** 'up' while both connections answer; 'down' while connecting or unreachable; 'off' without REDIS_URL. */
export type RedisState = 'off' | 'up' | 'down';

/**
 * The instance's two connections to Redis (`REDIS_URL`), and whether Redis is reachable. While it is
 * not, nothing waits for it: a command fails at once (or after COMMAND_TIMEOUT_MS when Redis hangs)
 * and its caller falls back — the throttling counters to the database, live events to this
 * instance's own sockets. The loss and the return are logged once each.
 */
export interface RedisLink {
  /** Throttling counters and the Socket.IO adapter's publishing: never queued while unreachable. */
  readonly commands: Redis;
  /** The Socket.IO adapter's subscriptions, made again on every reconnection. */
  readonly subscriber: Redis;
  state(): Exclude<RedisState, 'off'>;
  /** Runs the listener each time Redis is reachable again after having been lost. */
  onRecovered(listener: () => void): void;
  /** A command failed while the link looked up: when it timed out, the connection is dropped and made again. */
  commandFailed(error: unknown): void;
  /** Resolves once Redis answers, or after `timeoutMs` whatever its state. */
  settled(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

/** How long a command may take before Redis is taken as hung (the caller then falls back). */
export const COMMAND_TIMEOUT_MS = 1000;

/** Reconnection attempts: after 100 ms, then 200, … then every half second (Redis back: shared again within it). */
const retryStrategy = (times: number) => Math.min(times * 100, 500);

export function connectRedis(url: string, log: FastifyBaseLogger): RedisLink {
  const { Redis } = ioredis();
  const commands = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy,
  });
  // Subscribing waits for the connection (queued), and ioredis subscribes again after each reconnection.
  const subscriber = new Redis(url, { maxRetriesPerRequest: null, retryStrategy });
  let state: 'connecting' | 'up' | 'down' = 'connecting';
  let closing = false;
  const recovered: Array<() => void> = [];
  const waiting = new Set<() => void>();

  const lose = (failure: unknown) => {
    if (state === 'down') return;
    const message = failure instanceof Error ? failure.message : String(failure);
    log.warn(
      { err: { message } },
      'Redis unreachable: sign-in throttling uses the database counters and live events reach only this instance’s sockets until it is back',
    );
    state = 'down';
  };
  const update = (failure?: unknown) => {
    if (closing) return;
    const up = commands.status === 'ready' && subscriber.status === 'ready';
    if (up && state !== 'up') {
      if (state === 'down') {
        log.info('Redis reachable again: sign-in throttling and live events are shared with the other instances');
        for (const listener of recovered) listener();
      }
      state = 'up';
      for (const resolve of waiting) resolve();
    } else if (!up && failure !== undefined) {
      lose(failure);
    }
  };
  for (const client of [commands, subscriber]) {
    client.on('ready', () => update());
    client.on('error', (error: Error) => update(error));
    client.on('close', () => update(new Error('connection closed')));
  }

  return {
    commands,
    subscriber,
    state: () => (state === 'up' ? 'up' : 'down'),
    onRecovered: (listener) => {
      recovered.push(listener);
    },
    commandFailed(error) {
      // A hung Redis keeps its connection open: drop it (a graceful end would wait for Redis too),
      // so that the link is down until a new connection answers.
      if (error instanceof Error && /timed out/i.test(error.message) && state === 'up' && !closing) {
        lose(error);
        commands.stream?.destroy();
      }
    },
    settled(timeoutMs) {
      if (state === 'up') return Promise.resolve();
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          waiting.delete(done);
          resolve();
        };
        const timer = setTimeout(done, timeoutMs);
        waiting.add(done);
      });
    },
    async close() {
      closing = true;
      for (const resolve of waiting) resolve();
      await Promise.all(
        [commands, subscriber].map((client) =>
          client.status === 'ready' ? client.quit().catch(() => client.disconnect()) : client.disconnect(),
        ),
      );
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether Redis answers ('off' without REDIS_URL): what readiness reports. */
    redisState(): RedisState;
  }
}
