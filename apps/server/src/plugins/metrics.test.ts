import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerFor } from '../test/route-suite.ts';
import { closeSocketsAfterEach, socketFor } from '../test/sockets.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { createMetrics } from './metrics.ts';

const TOKEN = 'token-de-metricas-de-prueba-123';

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('does not exist (404), whatever the token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`]) {
      const response = await t.request({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Recurso no encontrado' });
    }
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  const logLines: Record<string, unknown>[] = [];
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    });
    t = await createTestApp({ METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, { logStream: stream });
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());
  closeSocketsAfterEach();

  const scrape = async () => {
    const response = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('refuses a missing or wrong token with 401, and stays out of the access log', async () => {
    for (const authorization of [
      undefined,
      'Bearer otro-token-cualquiera',
      TOKEN,
      `Bearer ${TOKEN}x`,
      `Basic ${TOKEN}`,
    ]) {
      const response = await t.request({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.json()).toEqual({ message: 'Debes iniciar sesión' });
    }
    const ok = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(logLines.filter((line) => JSON.stringify(line).includes('/metrics'))).toEqual([]);
  });

  it('counts requests and their latency by route pattern, never by raw address', async () => {
    const anonymous = callerFor(t);
    const token = await t.ownerToken();
    await t.request({ method: 'GET', url: '/api/business/987654', token });
    await t.request({ method: 'GET', url: '/api/business/123456', token });
    await anonymous.get('/api/una-ruta-que-no-existe/555');
    const body = await scrape();
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/api\/business\/:id",status="404"\} 2/);
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/business\/:id",status="404"\} 2/,
    );
    expect(body).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
    expect(body).not.toContain('987654');
    expect(body).not.toContain('una-ruta-que-no-existe');
  });

  it('reports open sockets, e-mails, scheduler runs, backup age and the process defaults', async () => {
    expect(await scrape()).toMatch(/^realtime_open_sockets 0$/m);
    await socketFor(baseUrl, await t.ownerToken());
    expect(await scrape()).toMatch(/^realtime_open_sockets 1$/m);

    await t.request({
      method: 'POST',
      url: '/api/auth/recover_password_email',
      payload: { email: 'duena@estudio.cl' },
    });
    // The recovery mail goes out after the answer (it answers alike for unknown addresses).
    await expect.poll(() => t.mailer.sent.length).toBe(1);
    await t.modules.scheduler.tick();

    const body = await scrape();
    expect(body).toMatch(/^emails_total\{outcome="sent"\} 1$/m);
    expect(body).toMatch(/^emails_total\{outcome="failed"\} 0$/m);
    expect(body).toMatch(/^scheduler_job_runs_total\{job="[a-z-]+",outcome="ok"\} 1$/m);
    expect(body).toMatch(/^backup_age_seconds \+Inf$/m);
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
    // The pool's connections on PostgreSQL only.
    if (t.database.kind === 'postgres') expect(body).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
    else expect(body).not.toMatch(/^db_pool_connections\{/m);

    const backups = path.join(t.dataDir, 'backups');
    fs.mkdirSync(backups);
    const archive = path.join(backups, 'respaldo-2026-11-24.tar.gz');
    fs.writeFileSync(archive, 'x');
    const anHourAgo = new Date(Date.now() - 3600_000);
    fs.utimesSync(archive, anHourAgo, anHourAgo);
    // One being written (a hidden temporary file) does not count until it is complete.
    fs.writeFileSync(path.join(backups, '.respaldo-2026-11-24-120000.tar.gz.1a2b.tmp'), 'x');
    const age = Number((await scrape()).match(/^backup_age_seconds (\S+)$/m)?.[1]);
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3660);
  });
});

describe('the metrics fed by the app', () => {
  it('counts each e-mail by outcome: sent, kept in the outbox, failed (the error still reaches the caller)', async () => {
    const metrics = createMetrics();
    let outbox = false;
    const mailer = metrics.countMails({
      async send(message) {
        if (message.subject === 'falla') throw new Error('SMTP caído');
        return { messageId: '<1@x>', response: '250', outbox };
      },
    });
    const message = { to: ['a@b.cl'], subject: 'hola', text: 'x' };
    await mailer.send(message);
    outbox = true;
    await mailer.send(message);
    await expect(mailer.send({ ...message, subject: 'falla' })).rejects.toThrow('SMTP caído');
    const body = await metrics.registry.metrics();
    for (const outcome of ['sent', 'outbox', 'failed']) expect(body).toContain(`emails_total{outcome="${outcome}"} 1`);
  });

  it('counts scheduler runs by job and outcome, with their duration', async () => {
    const metrics = createMetrics();
    metrics.recordJobRun({ job: 'note-reminders', outcome: 'ok', seconds: 0.02 });
    metrics.recordJobRun({ job: 'note-reminders', outcome: 'error', seconds: 0.5 });
    const body = await metrics.registry.metrics();
    expect(body).toContain('scheduler_job_runs_total{job="note-reminders",outcome="ok"} 1');
    expect(body).toContain('scheduler_job_runs_total{job="note-reminders",outcome="error"} 1');
    expect(body).toContain('scheduler_job_duration_seconds_count{job="note-reminders"} 2');
  });
});
