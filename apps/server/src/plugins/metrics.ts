import { createHash, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { msg } from '@app/shared/messages';
import type { FastifyInstance } from 'fastify';
import type * as PromClient from 'prom-client';
import { loadWhenUsed } from '../lib/load-when-used.ts';
import type { Mailer } from '../lib/mailer.ts';

/** prom-client, and the tracing API it brings, load only when METRICS_TOKEN turns metrics on. */
const promClient = loadWhenUsed<typeof PromClient>('prom-client');

/** The label of requests no route matched (404s, the web app's deep links): never the raw URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** What the metrics read at each scrape. */
export interface MetricsSources {
  /** Sockets open on this instance. */
  openSockets(): number;
  /** The PostgreSQL pool's connections; absent on the embedded database. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** Where backup archives are written: the newest one's age is reported. */
  backupDir: string;
}

/**
 * This app's Prometheus registry (one per app, so tests may build several in one process) and
 * the counters the rest of the app feeds: e-mails through `countMails`, scheduler runs through
 * `recordJobRun`.
 */
export function createMetrics() {
  const { Counter, collectDefaultMetrics, Histogram, Registry } = promClient();
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const emails = new Counter({
    name: 'emails_total',
    help: 'E-mails handed to the mailer, by outcome: sent (SMTP accepted it), outbox (kept in DATA_DIR/outbox), failed',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['sent', 'outbox', 'failed']) emails.labels(outcome).inc(0);
  const jobRuns = new Counter({
    name: 'scheduler_job_runs_total',
    help: 'Scheduler job runs, by job and outcome (ok, error)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'scheduler_job_duration_seconds',
    help: 'How long each scheduler job run took',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
    registers: [registry],
  });
  return {
    registry,
    /** The mailer, counting each message's outcome. */
    countMails(mailer: Mailer): Mailer {
      return {
        async send(message) {
          try {
            const sent = await mailer.send(message);
            emails.labels(sent.outbox ? 'outbox' : 'sent').inc();
            return sent;
          } catch (error) {
            emails.labels('failed').inc();
            throw error;
          }
        },
      };
    },
    /** A scheduler job's run as it ended (the scheduler's onJobRun). */
    recordJobRun(run: { job: string; outcome: string; seconds: number }) {
      jobRuns.labels(run.job, run.outcome).inc();
      jobSeconds.labels(run.job).observe(run.seconds);
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Seconds since the newest archive in the backup folder was written; +Inf when there is none. */
async function newestBackupAge(backupDir: string): Promise<number> {
  const names = await fs.readdir(backupDir).catch(() => [] as string[]);
  let newest = 0;
  for (const name of names) {
    // Archives only: one being written is a hidden temporary file until it is complete.
    if (name.startsWith('.') || !name.endsWith('.tar.gz')) continue;
    const stat = await fs.stat(path.join(backupDir, name)).catch(() => undefined);
    if (stat?.isFile()) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest ? Math.max(0, (Date.now() - newest) / 1000) : Number.POSITIVE_INFINITY;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Request counts and latencies by route pattern on every request, and `GET /metrics` in
 * Prometheus' text format: with no token configured it does not exist (404); with one, it answers
 * only `Authorization: Bearer <token>` (401 otherwise). Scrapes stay out of the access log.
 * Registered before the routes, so its hooks see every one of them.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics | undefined,
  options: { token?: string; sources: MetricsSources },
) {
  const token = options.token;
  if (!metrics || !token) {
    app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (_request, reply) =>
      reply.status(404).send({ message: msg.notFound }),
    );
    return;
  }
  const { registry } = metrics;
  const { Counter, Gauge, Histogram } = promClient();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'realtime_open_sockets',
    help: 'Socket.IO connections open on this instance',
    registers: [registry],
    collect() {
      this.set(options.sources.openSockets());
    },
  });
  new Gauge({
    name: 'backup_age_seconds',
    help: 'Seconds since the newest archive in BACKUP_DIR was written (+Inf when there is none)',
    registers: [registry],
    async collect() {
      this.set(await newestBackupAge(options.sources.backupDir));
    },
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections: total, idle, and requests waiting for one (absent on the embedded database)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = options.sources.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true }, logLevel: 'warn' }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ message: msg.unauthorized });
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
