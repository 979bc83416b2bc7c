import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { computeRutCheckDigit, formatRut } from '@app/shared/rut';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../db/scratch-database.ts';
import { seedEmbeddedDatabase } from '../test/pglite-template.ts';
import { freePort } from '../test/redis-server.ts';
import { type ServerProcess, spawnServer } from '../test/server-process.ts';

// The real server (src/main.ts) in its own process, stopped by a signal as a supervisor stops it:
// on the embedded database by default, on a new PostgreSQL database when DATABASE_URL is set.
const OWNER = { email: 'duena@estudio.cl', password: 'clave-duena-1' };
const serverUrl = process.env.DATABASE_URL;

let dataDir = '';
let databaseUrl = '';
let dropDatabase = async () => {};
const children: ChildProcess[] = [];
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-'));
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'shutdown');
    databaseUrl = scratch.url;
    dropDatabase = scratch.drop;
  } else {
    seedEmbeddedDatabase(path.join(dataDir, 'db'));
  }
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Server extends ServerProcess {
  base: string;
  /** Milliseconds from spawn until it answered /api/health. */
  startMs: number;
}

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  // One server at a time on the data directory: one a failed test left running is ended first.
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  const port = await freePort();
  const spawned = performance.now();
  const { child, output, exited } = spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    SCHEDULER: 'off',
    REDIS_URL: '',
    ...env,
  });
  children.push(child);
  await expect.poll(output, { timeout: 60_000, interval: 50 }).toMatch(/Estudio Contable listo|No se pudo iniciar/);
  if (!output().includes('Estudio Contable listo')) throw new Error(`the server did not start:\n${output()}`);
  const base = `http://127.0.0.1:${port}`;
  expect((await fetch(`${base}/api/health`)).status).toBe(200);
  return { child, base, output, exited, startMs: performance.now() - spawned };
}

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The embedded database's state in its control file (global/pg_control, offset 16): 1 is "shut
 * down", what a clean close leaves; 6 is "in production", which makes the next start replay its
 * write-ahead log (recovery).
 */
function pgliteState(): number {
  return fs.readFileSync(path.join(dataDir, 'db', 'global', 'pg_control')).readInt32LE(16);
}
const SHUT_DOWN = 1;

/**
 * A client that sends half its body and then nothing: its request stays in flight. Resolves once
 * the server has it, with a promise of how the request ended.
 */
async function stallRequest(server: Server, token: string): Promise<{ ended: Promise<string> }> {
  const url = new URL(`${server.base}/api/business`);
  const stalled = http.request({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': 1000 },
  });
  const ended = new Promise<string>((resolve) => {
    stalled.on('response', (response) => resolve(`answered ${response.statusCode}`));
    stalled.on('error', (error) => resolve(`cut: ${(error as NodeJS.ErrnoException).code ?? error.message}`));
  });
  stalled.write('{"name":"Empresa a medio enviar"');
  await expect.poll(() => server.output(), { timeout: 5_000, interval: 20 }).toContain('"url":"/api/business"');
  // In an object: an async function answering the promise itself would wait for it.
  return { ended };
}

let rutBody = 30_000_000 + Math.floor(Math.random() * 1_000_000) * 7;
function company() {
  rutBody += 7;
  return {
    name: `Empresa ráfaga ${rutBody}`,
    razonSocial: `Empresa ráfaga ${rutBody} SpA`,
    rut: formatRut(`${rutBody}${computeRutCheckDigit(rutBody)}`),
    startContract: '2024-01-01',
    endContract: '2099-12-31',
    legalRepresentative: 'Ana Pérez',
    contact: `rafaga${rutBody}@empresa.cl`,
  };
}

describe(`stopping the server loses nothing (${serverUrl ? 'PostgreSQL' : 'embedded database'})`, () => {
  it('a SIGTERM during a burst of creates: every acknowledged one is there after a restart, none answered 500, and the next start is clean', async () => {
    const first = await startServer();
    const token = await signIn(first.base);
    const acknowledged: { id: number; rut: string }[] = [];
    const statuses = new Map<string, number>();
    const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
    let stopped = false;
    let signalled = false;
    void first.exited.then(() => {
      stopped = true;
    });
    // Eight writers, each sending its next create as soon as the last is answered, until the server is gone.
    const writers = Array.from({ length: 8 }, async () => {
      while (!stopped) {
        const body = company();
        try {
          const response = await fetch(`${first.base}/api/business`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          count(String(response.status));
          if (response.status === 201) {
            const { business } = (await response.json()) as { business: { id: number } };
            acknowledged.push({ id: business.id, rut: body.rut });
          } else {
            await response.arrayBuffer();
          }
        } catch {
          count('no answer');
          if (signalled) return;
        }
      }
    });
    // The answers so far show in the failure when the creates do not succeed.
    await expect
      .poll(() => (acknowledged.length >= 40 ? 'enough' : JSON.stringify([...statuses])), {
        timeout: 30_000,
        interval: 10,
      })
      .toBe('enough');
    const beforeSignal = acknowledged.length;
    signalled = true;
    first.child.kill('SIGTERM');
    const signalAt = performance.now();
    expect(await first.exited, first.output()).toBe(0);
    const stopMs = performance.now() - signalAt;
    await Promise.all(writers);

    const outcome = Object.fromEntries(statuses);
    // In flight at the signal: answered 201; a request arriving on a kept-alive connection after it: 503.
    expect(Object.keys(outcome).filter((status) => !['201', '503', 'no answer'].includes(status))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(beforeSignal);
    expect(first.output()).toContain('SIGTERM: deteniendo');
    expect(first.output()).toContain('la base de datos quedó cerrada');
    // Each connection closed as its answer went out: none was left for the grace timeout to cut.
    expect(first.output()).not.toContain('se cortan');
    expect(stopMs).toBeLessThan(5_000);
    if (!serverUrl) expect(pgliteState(), 'the embedded database was shut down cleanly').toBe(SHUT_DOWN);

    const second = await startServer();
    try {
      const list = await fetch(`${second.base}/api/business`, {
        headers: { authorization: `Bearer ${await signIn(second.base)}` },
      });
      const stored = (await list.json()) as { id: number; rut: string }[];
      const storedIds = new Set(stored.map((business) => business.id));
      expect(acknowledged.filter((write) => !storedIds.has(write.id))).toEqual([]);
      console.log(
        `${serverUrl ? 'PostgreSQL' : 'PGlite'}: ${acknowledged.length} creates acknowledged (${beforeSignal} before the signal), answers ${JSON.stringify(outcome)}; stopped in ${stopMs.toFixed(0)} ms; restarted in ${second.startMs.toFixed(0)} ms`,
      );
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  }, 180_000);

  it('closes live sockets at once and cuts a request that does not finish after SHUTDOWN_TIMEOUT_SECONDS, then closes the database cleanly', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '1' });
    const token = await signIn(server.base);
    const socket = io(server.base, {
      path: '/socket.io/',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const { ended: stalledEnded } = await stallRequest(server, token);

    const socketClosed = new Promise<{ reason: string; ms: number }>((resolve) =>
      socket.once('disconnect', (reason) => resolve({ reason, ms: performance.now() - signalAt })),
    );
    server.child.kill('SIGTERM');
    const signalAt = performance.now();
    // 'transport close': a browser's socket reconnects by itself (to another instance, or to this one once back).
    const closed = await socketClosed;
    expect(closed.reason).toBe('transport close');
    expect(closed.ms).toBeLessThan(900);
    expect(await stalledEnded).toMatch(/^cut: /);
    expect(await server.exited, server.output()).toBe(0);
    const stopMs = performance.now() - signalAt;
    expect(stopMs).toBeGreaterThanOrEqual(1000);
    expect(stopMs).toBeLessThan(5_000);
    expect(server.output()).toContain('Pasaron 1.0 s: se cortan las conexiones abiertas (1)');
    if (!serverUrl) expect(pgliteState()).toBe(SHUT_DOWN);
    socket.close();
  }, 120_000);

  it('a second signal cuts what is in flight at once, and the database still closes cleanly', async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '60' });
    const { ended: stalledEnded } = await stallRequest(server, await signIn(server.base));
    server.child.kill('SIGTERM');
    await expect.poll(() => server.output(), { timeout: 5_000, interval: 20 }).toContain('SIGTERM: deteniendo');
    const secondAt = performance.now();
    server.child.kill('SIGINT');
    expect(await stalledEnded).toMatch(/^cut: /);
    expect(await server.exited, server.output()).toBe(0);
    expect(performance.now() - secondAt).toBeLessThan(5_000);
    expect(server.output()).toContain('SIGINT otra vez: se cortan las conexiones abiertas (1)');
    expect(server.output()).toContain('la base de datos quedó cerrada');
    if (!serverUrl) expect(pgliteState()).toBe(SHUT_DOWN);
  }, 120_000);
});
