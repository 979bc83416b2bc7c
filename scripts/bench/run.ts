// `npm run bench [-- PART ...]`: the app's performance targets (see README, Measured), measured on this machine.
// Parts: board-api, fanout, bulk, board-page, lists-api, lists-page, first-load, uploads (and downloads), memory, exports, import, activity, requests, billing, billing-page, collections, tax-calendar, tax-calendar-page, time, panel, approvals, messages, monthly-report, data-subjects, crypt (files encrypted at rest against plain, see crypt.ts) (default: all), on the
// production server bundle (built first when needed), on the embedded database and on the
// PostgreSQL server named by BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test;
// skipped with a note when unreachable). BENCH_DB=pglite|postgres runs one of them only.
// Seeds 2,000 companies × 12 services with a state in every cell for 24 months, a group of every
// company, 40 staff users and 1,000 logged e-mails (not when `uploads`, `activity`, `first-load` or `crypt` are the only parts:
// they need none);
// `activity` fills 1,000,000 activity entries (see activity.ts); `requests` a month of document
// requests for every company (see requests.ts); `billing` fee terms for every company and UF values (see billing.ts);
// `collections` and `billing-page` 24 months of charges and payments for every company (see collections.ts);
// `tax-calendar` due days on the services and an owner for every fifth company (see tax-calendar.ts);
// `panel` all of the last four and the cells' history of 12 months (see panel.ts); `approvals` 5 approvals of
// every company (see approvals.ts); `messages` a thread of 10,000 messages and 5 in every other company's
// (see messages.ts).
// `monthly-report` the board's, the history's, the requests' and the collections' seeds (see monthly-report.ts);
// `data-subjects` about 100,000 rows naming people: a client user per company, notes, messages, e-mails and
// activity entries (see data-subjects.ts).
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { boardEventName } from '@app/shared/schemas/monthly-states';
import pg from 'pg';
import { io } from 'socket.io-client';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { createScratchDatabase } from '../../apps/server/src/db/scratch-database.ts';
import { chromiumLaunchOptions } from '../../apps/web/e2e/support/chromium.ts';
import { START_FLAGS } from '../start-flags.mjs';
import { ACTIVITY_ROWS, benchActivity, explainActivity, seedActivity } from './activity.ts';
import { benchApprovals, seedApprovals } from './approvals.ts';
import { benchBilling, seedBilling } from './billing.ts';
import { benchBulk } from './bulk.ts';
import { benchCollections, seedCollections } from './collections.ts';
import { benchCrypt } from './crypt.ts';
import { benchDataSubjects, seedDataSubjects } from './data-subjects.ts';
import { benchExports } from './exports.ts';
import { startFanoutFloor } from './fanout-floor.ts';
import { benchImportLimits, benchImports } from './imports.ts';
import { load, percentile, rawAnswer, rssMb, withPeakRss } from './load.ts';
import { BENCH_METRICS_TOKEN, benchMemory } from './memory.ts';
import { benchMessages, seedMessages } from './messages.ts';
import { benchMonthlyReport } from './monthly-report.ts';
import { benchPanelApi, benchPanelPage, seedPanel } from './panel.ts';
import { benchRequests, seedRequests } from './requests.ts';
import { seedBoard } from './seed-board.ts';
import { seedLists } from './seed-lists.ts';
import { benchTaxCalendar, seedTaxCalendar } from './tax-calendar.ts';
import { benchTime, seedTime } from './time.ts';
import { benchDownloads, benchUploads } from './uploads.ts';

const root = path.resolve(import.meta.dirname, '../..');
const PARTS = [
  'board-api',
  'fanout',
  'bulk',
  'board-page',
  'lists-api',
  'lists-page',
  'first-load',
  'uploads',
  'memory',
  'exports',
  'import',
  'activity',
  'requests',
  'billing',
  'billing-page',
  'collections',
  'tax-calendar',
  'tax-calendar-page',
  'time',
  'panel',
  'approvals',
  'messages',
  'monthly-report',
  'crypt',
  'data-subjects',
] as const;
type Part = (typeof PARTS)[number];
const requested = process.argv.slice(2).filter((arg): arg is Part => (PARTS as readonly string[]).includes(arg));
const parts: Part[] = requested.length ? requested : [...PARTS];
const SIZE = { companies: 2000, services: 12, months: 24 };
const OWNER = { email: 'bench@estudio.cl', password: 'clave-bench-1' };
// BENCH_PORT: another port, so two runs on one machine do not meet.
const PORT = Number(process.env.BENCH_PORT ?? 3970);
// BENCH_SERVER_BUNDLE (with WEB_DIST_DIR): another build to measure instead, e.g. the previous
// commit's (built elsewhere), to compare with; nothing is built then.
const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ?? 'apps/server/dist/main.js';
const base = `http://127.0.0.1:${PORT}`;
const rows: string[][] = [];
const kinds = (process.env.BENCH_DB ? [process.env.BENCH_DB] : ['pglite', 'postgres']) as ('pglite' | 'postgres')[];
const report = (...cells: (string | number)[]) => {
  const row = cells.map(String);
  rows.push(row);
  console.log(row.join(' | '));
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** The board and lists data are only needed by the parts that read them. */
const seeded = parts.some(
  (part) => part !== 'uploads' && part !== 'activity' && part !== 'first-load' && part !== 'crypt',
);
/** The company whose thread of 10,000 messages the messages part opens (set by the seeding). */
let longThreadBusinessId = 0;
async function seedMessagesOf(db: Parameters<typeof seedMessages>[0]) {
  const seededMessages = await seedMessages(db);
  longThreadBusinessId = seededMessages.businessId;
  console.log(`… ${JSON.stringify(seededMessages)}`);
}
/** A company's RUT the data-subjects part searches by (set by the seeding). */
let subjectRut = '';
async function seedDataSubjectsOf(db: Parameters<typeof seedDataSubjects>[0]) {
  const seededSubjects = await seedDataSubjects(db);
  subjectRut = seededSubjects.rut;
  console.log(`… ${JSON.stringify(seededSubjects.rows)}`);
}
/** The 1,000,000 activity entries only by the activity part. */
const activityFilled = parts.includes('activity');

async function fillActivity(kind: string, db: Parameters<typeof seedActivity>[0]) {
  console.log(`filling ${ACTIVITY_ROWS.toLocaleString('en')} activity entries on ${kind}…`);
  const filled = await seedActivity(db);
  console.log(`… ${JSON.stringify(filled)}`);
  report(
    kind,
    `activity: filling ${ACTIVITY_ROWS.toLocaleString('en')} entries (4 insert … select)`,
    `${filled.seconds} s`,
    '',
    '',
  );
}

async function prepare(
  kind: 'pglite' | 'postgres',
): Promise<{ env: Record<string, string>; groupId: number; cleanup(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${kind}-`));
  if (kind === 'pglite') {
    if (!seeded && !activityFilled) {
      return {
        env: { DATA_DIR: dataDir, DATABASE_URL: '' },
        groupId: 0,
        cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
      };
    }
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    let groupId = 0;
    if (seeded) {
      console.log(`seeding the embedded database… ${JSON.stringify(await seedBoard(database.db, SIZE))}`);
      ({ groupId } = await seedLists(database.db));
      if (parts.includes('requests') || parts.includes('panel') || parts.includes('monthly-report'))
        console.log(`… ${JSON.stringify(await seedRequests(database.db))}`);
      if (parts.includes('billing') || parts.includes('billing-page'))
        console.log(`… ${JSON.stringify(await seedBilling(database.db))}`);
      if (
        parts.includes('collections') ||
        parts.includes('billing-page') ||
        parts.includes('panel') ||
        parts.includes('monthly-report')
      )
        console.log(`… ${JSON.stringify(await seedCollections(database.db))}`);
      if (parts.includes('tax-calendar') || parts.includes('tax-calendar-page') || parts.includes('panel'))
        console.log(`… ${JSON.stringify(await seedTaxCalendar(database.db))}`);
      if (parts.includes('time')) console.log(`… ${JSON.stringify(await seedTime(database.db))}`);
      if (parts.includes('panel') || parts.includes('monthly-report'))
        console.log(`… ${JSON.stringify(await seedPanel(database.db))}`);
      if (parts.includes('approvals')) console.log(`… ${JSON.stringify(await seedApprovals(database.db))}`);
      if (parts.includes('messages')) await seedMessagesOf(database.db);
      if (parts.includes('data-subjects')) await seedDataSubjectsOf(database.db);
    }
    if (activityFilled) await fillActivity(kind, database.db);
    await database.close();
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      groupId,
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = await createScratchDatabase(serverUrl, 'bench');
  let groupId = 0;
  if (seeded || activityFilled) {
    const database = await openDatabase({ kind: 'postgres', url: scratch.url });
    if (seeded) {
      console.log(`seeding PostgreSQL… ${JSON.stringify(await seedBoard(database.db, SIZE))}`);
      ({ groupId } = await seedLists(database.db));
      if (parts.includes('requests') || parts.includes('panel') || parts.includes('monthly-report'))
        console.log(`… ${JSON.stringify(await seedRequests(database.db))}`);
      if (parts.includes('billing') || parts.includes('billing-page'))
        console.log(`… ${JSON.stringify(await seedBilling(database.db))}`);
      if (
        parts.includes('collections') ||
        parts.includes('billing-page') ||
        parts.includes('panel') ||
        parts.includes('monthly-report')
      )
        console.log(`… ${JSON.stringify(await seedCollections(database.db))}`);
      if (parts.includes('tax-calendar') || parts.includes('tax-calendar-page') || parts.includes('panel'))
        console.log(`… ${JSON.stringify(await seedTaxCalendar(database.db))}`);
      if (parts.includes('time')) console.log(`… ${JSON.stringify(await seedTime(database.db))}`);
      if (parts.includes('panel') || parts.includes('monthly-report'))
        console.log(`… ${JSON.stringify(await seedPanel(database.db))}`);
      if (parts.includes('approvals')) console.log(`… ${JSON.stringify(await seedApprovals(database.db))}`);
      if (parts.includes('messages')) await seedMessagesOf(database.db);
      if (parts.includes('data-subjects')) await seedDataSubjectsOf(database.db);
    }
    if (activityFilled) await fillActivity(kind, database.db);
    await database.close();
  }
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
    groupId,
    async cleanup() {
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  // The production bundle, as `npm start` runs it (the same Node flags).
  const child = spawn(process.execPath, [...START_FLAGS, SERVER_BUNDLE], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: OWNER.email,
      ADMIN_PASSWORD: OWNER.password,
      APP_URL: base,
      METRICS_TOKEN: BENCH_METRICS_TOKEN,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return child;
    } catch {}
    if (performance.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OWNER),
  });
  return ((await response.json()) as { token: string }).token;
}

/**
 * The same bytes (and headers) from a bare node:http server in its own process, like the app
 * server: the floor a JSON endpoint cannot beat.
 */
async function precomputed(body: Buffer, encoding: string | undefined): Promise<{ url: string; close(): void }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-')), 'body');
  fs.writeFileSync(file, body);
  const headers = JSON.stringify({
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  const program = `const body = require('node:fs').readFileSync(${JSON.stringify(file)});
require('node:http').createServer((_q, r) => { r.writeHead(200, ${headers}); r.end(body); })
  .listen(0, '127.0.0.1', function () { process.stdout.write(String(this.address().port) + '\\n'); });`;
  const child = spawn(process.execPath, ['-e', program], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
  );
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => {
      child.kill();
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/**
 * An endpoint under load (10 connections) and the same bytes served precomputed by node:http, in
 * one go; also the server's peak memory meanwhile.
 */
async function againstFloor(pid: number, url: string, headers: Record<string, string>, seconds: number) {
  const { body, encoding } = await rawAnswer(url, headers);
  const options = { connections: 10, seconds, headers };
  await load(url, { ...options, seconds: Math.max(1, seconds / 5) }); // warm-up
  const { result: api, peakMb } = await withPeakRss(pid, () => load(url, options));
  const floorServer = await precomputed(body, encoding);
  const floor = await load(floorServer.url, {
    ...options,
    headers: { 'accept-encoding': headers['accept-encoding'] ?? 'gzip' },
  });
  floorServer.close();
  return { api, floor, peakMb, size: `${(body.length / 1024).toFixed(0)} KB ${encoding ?? 'JSON'}` };
}

async function benchBoardApi(kind: string, server: ChildProcess, token: string, boardUrl: string) {
  const pid = server.pid ?? 0;
  const atRest = rssMb(pid);
  let peak = atRest;
  // Once as a browser asks for it (gzip), once uncompressed: each against the same bytes precomputed.
  for (const acceptEncoding of ['gzip', 'identity']) {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding };
    const { api, floor, peakMb, size } = await againstFloor(pid, boardUrl, headers, 10);
    peak = Math.max(peak, peakMb);
    report(
      kind,
      `GET board 2,000 × 12, ${size}, 10 connections`,
      `p50 ${ms(api.p50)}`,
      `p95 ${ms(api.p95)}`,
      `${api.perSecond.toFixed(0)} req/s`,
    );
    report(
      kind,
      `same ${size} precomputed (node:http)`,
      `p50 ${ms(floor.p50)}`,
      `p95 ${ms(floor.p95)}`,
      `${floor.perSecond.toFixed(0)} req/s`,
    );
    report(
      kind,
      `floor req/s ÷ board req/s (${acceptEncoding})`,
      `${(floor.perSecond / api.perSecond).toFixed(2)}×`,
      '',
      '',
    );
  }
  // The fixed cost every signed-in request pays (token, session row), for reading the gzip gap.
  const me = await load(`${base}/api/user/me`, {
    connections: 10,
    seconds: 5,
    headers: { authorization: `Bearer ${token}` },
  });
  report(
    kind,
    'GET /api/user/me (sign-in check only), 10 connections',
    `p50 ${ms(me.p50)}`,
    `p95 ${ms(me.p95)}`,
    `${me.perSecond.toFixed(0)} req/s`,
  );
  report(kind, 'server RSS at rest / peak under load', `${atRest.toFixed(0)} MB`, `${peak.toFixed(0)} MB`, '');
}

/** 100 signed-in sockets on `target` and the month's board there (its first service, states and companies). */
async function fanoutClients(target: string, token: string, period: { year: number; month: number }) {
  const sockets = await Promise.all(
    Array.from(
      { length: 100 },
      () =>
        new Promise<ReturnType<typeof io>>((resolve, reject) => {
          const socket = io(target, {
            path: '/socket.io/',
            auth: { token },
            transports: ['websocket'],
            reconnection: false,
          });
          socket.once('connect', () => resolve(socket));
          socket.once('connect_error', reject);
        }),
    ),
  );
  const boardUrl = `${target}/api/monthly-states/year/${period.year}/month/${period.month}`;
  const board = (await (await fetch(boardUrl, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    services: { id: number; states: { id: number; hasValue: boolean }[] }[];
    rows: { business: { id: number } }[];
  };
  return { sockets, boardUrl, board };
}

/** 40 changes one after another: each one's latency to every socket (ms), and the event's size. */
async function fanoutRound(
  clients: Awaited<ReturnType<typeof fanoutClients>>,
  token: string,
  period: { year: number; month: number },
) {
  const { sockets, boardUrl, board } = clients;
  const event = boardEventName(period);
  const service = board.services[0];
  const latencies: number[] = [];
  let payloadBytes = 0;
  for (let round = 0; round < 40; round++) {
    const state = service?.states[round % 2];
    const business = board.rows[round % board.rows.length]?.business;
    if (!service || !state || !business) throw new Error('board fixture missing');
    const sent = performance.now();
    const arrivals = sockets.map(
      (socket) =>
        new Promise<void>((resolve) =>
          socket.once(event, (payload: unknown) => {
            latencies.push(performance.now() - sent);
            payloadBytes = Buffer.byteLength(JSON.stringify(payload));
            resolve();
          }),
        ),
    );
    const response = await fetch(boardUrl, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ businessId: business.id, serviceId: service.id, stateId: state.id }),
    });
    if (!response.ok) throw new Error(`PUT answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
    await Promise.all(arrivals);
  }
  return { latencies, payloadBytes };
}

/** The process's CPU time so far (user + system, ms), from /proc; undefined where there is none. */
function cpuMs(pid: number): number | undefined {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s
  } catch {
    return undefined;
  }
}

/**
 * A change reaching 100 sockets, beside its floor (a bare node:http + Socket.IO process doing only
 * the sending, see fanout-floor.ts): 3 rounds of 40 changes each, the app and the floor taking
 * turns, so that both meet the same moments of a busy machine.
 */
async function benchFanout(kind: string, pid: number, token: string, period: { year: number; month: number }) {
  const floor = await startFanoutFloor();
  const app = await fanoutClients(base, token, period);
  const bare = await fanoutClients(floor.base, token, period);
  const appLatencies: number[] = [];
  const floorLatencies: number[] = [];
  let payloadBytes = 0;
  // The server's CPU time per change (the database's work included on the embedded one): what a
  // busy machine does not change, unlike the latencies.
  let serverCpu = 0;
  try {
    for (let round = 0; round < 3; round++) {
      const before = cpuMs(pid);
      const measured = await fanoutRound(app, token, period);
      serverCpu += (cpuMs(pid) ?? 0) - (before ?? 0);
      appLatencies.push(...measured.latencies);
      payloadBytes = measured.payloadBytes;
      floorLatencies.push(...(await fanoutRound(bare, token, period)).latencies);
    }
  } finally {
    for (const socket of [...app.sockets, ...bare.sockets]) socket.disconnect();
    floor.close();
  }
  for (const [name, latencies] of [
    ['PUT → event on 100 sockets (3 × 40 changes)', appLatencies],
    ['same on a bare node:http + Socket.IO (the floor)', floorLatencies],
  ] as const) {
    latencies.sort((a, b) => a - b);
    report(
      kind,
      name,
      `p50 ${ms(percentile(latencies, 0.5))}`,
      `p95 ${ms(percentile(latencies, 0.95))}`,
      `${payloadBytes} bytes/change`,
    );
  }
  if (cpuMs(pid) !== undefined) report(kind, 'server CPU time per change (of the 120)', ms(serverCpu / 120), '', '');
}

async function benchBoardPage(kind: string) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Contraseña').fill(OWNER.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await page.waitForURL(`${base}/`);
    const times: number[] = [];
    for (let run = 0; run < 3; run++) {
      const started = Date.now();
      await page.reload();
      // Interactive: a state badge of the first company can be clicked.
      await page.getByRole('row').nth(1).getByRole('button').first().waitFor({ state: 'visible', timeout: 30_000 });
      times.push(Date.now() - started);
    }
    times.sort((a, b) => a - b);
    report(kind, 'board page, 2,000 companies, until interactive (median of 3)', ms(percentile(times, 0.5)), '', '');
  } finally {
    await browser.close();
  }
}

/** Each list endpoint under load, beside the same bytes precomputed, and the server's memory meanwhile. */
async function benchListsApi(kind: string, server: ChildProcess, token: string, groupId: number) {
  const pid = server.pid ?? 0;
  let peak = rssMb(pid);
  const endpoints = [
    { name: 'GET /api/business (2,000 companies)', path: '/api/business', encodings: ['gzip', 'identity'] },
    { name: 'GET /api/user (staff)', path: '/api/user', encodings: ['gzip'] },
    { name: 'GET /api/email page of 30 (of 1,000)', path: '/api/email?page=1&size=30', encodings: ['gzip'] },
    {
      name: 'GET /api/business-group/{id} (2,000 companies)',
      path: `/api/business-group/${groupId}`,
      encodings: ['gzip'],
    },
  ];
  for (const endpoint of endpoints) {
    for (const acceptEncoding of endpoint.encodings) {
      const headers = { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding };
      const { api, floor, peakMb, size } = await againstFloor(pid, `${base}${endpoint.path}`, headers, 5);
      peak = Math.max(peak, peakMb);
      report(
        kind,
        `${endpoint.name}, ${size}, 10 connections`,
        `p50 ${ms(api.p50)}`,
        `p95 ${ms(api.p95)}`,
        `${api.perSecond.toFixed(0)} req/s; floor ${floor.perSecond.toFixed(0)} req/s (${(floor.perSecond / api.perSecond).toFixed(1)}×)`,
      );
    }
  }
  report(kind, 'server RSS at rest (after the board) / peak under the list loads', '', `${peak.toFixed(0)} MB`, '');
}

async function signedInPage(width = 1280) {
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch(chromiumLaunchOptions);
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(OWNER.email);
  await page.getByLabel('Contraseña').fill(OWNER.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(`${base}/`);
  return { browser, page };
}

/** Every list screen with 2,000 companies: from navigation until its first row can be used (median of 3). */
async function benchListsPage(kind: string, groupId: number) {
  const { browser, page } = await signedInPage();
  try {
    const screens = [
      { name: '/empresas', path: '/empresas', ready: () => page.getByRole('link', { name: /^Editar / }).first() },
      { name: '/usuarios', path: '/usuarios', ready: () => page.getByRole('button', { name: /^Editar / }).first() },
      { name: '/documentos', path: '/documentos', ready: () => page.getByRole('row').nth(1).getByRole('link').first() },
      {
        name: '/email',
        path: '/email',
        ready: () => page.getByRole('button', { name: 'Ver detalle del correo' }).first(),
      },
      {
        name: '/grupos-empresas/{id}',
        path: `/grupos-empresas/${groupId}`,
        ready: () => page.getByRole('switch').first(),
      },
    ];
    for (const screen of screens) {
      const times: number[] = [];
      for (let run = 0; run < 3; run++) {
        await page.goto(`${base}/perfil`);
        const started = Date.now();
        await page.goto(`${base}${screen.path}`);
        await screen.ready().waitFor({ state: 'visible', timeout: 30_000 });
        times.push(Date.now() - started);
      }
      times.sort((a, b) => a - b);
      report(
        kind,
        `${screen.name} with 2,000 companies, until a row can be used (median of 3)`,
        ms(percentile(times, 0.5)),
        '',
        '',
      );
    }
  } finally {
    await browser.close();
  }
}

/**
 * /cobranza as an owner opens it ('Cobros del mes' of this month: its 2,000 charges, generated here
 * when the start-up's scheduler has not yet; 24 months of charges and payments before it), until the
 * first charge's actions can be used, beside its floor (benchScreensBesideFloor).
 */
async function benchBillingPage(kind: string, token: string, pid: number) {
  const { santiagoDate } = await import('@app/shared/current-period');
  const today = santiagoDate();
  const month = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const generated = await fetch(`${base}/api/billing/charges/generate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(month),
  });
  if (!generated.ok) throw new Error(`generate: ${generated.status} ${await generated.text()}`);
  // The server's own work after a start on a fresh database (the scheduler's first round) ends
  // first: it is not what opening the page costs.
  const quietAfter = await serverQuiet(pid);
  report(kind, "server's start-up work done (CPU under 5 % for a second) after", ms(quietAfter), '', '');
  await benchScreensBesideFloor(kind, [
    {
      name: `/cobranza with this month's 2,000 charges (24 months of charges and payments before), until a charge's actions can be used`,
      path: '/cobranza',
      ready: (page) => page.getByRole('button', { name: /^Acciones de / }).first(),
    },
  ]);
}

/**
 * 'Calendario tributario' of this month (2,000 companies × 12 services with a due day each) until an
 * obligation's count of companies can be used, and 'Calendario AT' of this tax year until a date's
 * 'Editar' can, beside their floor (benchScreensBesideFloor).
 */
async function benchTaxCalendarPage(kind: string) {
  const taxYear = new Date().getFullYear() + 1;
  await benchScreensBesideFloor(kind, [
    {
      name: "/calendario-tributario with 2,000 companies × 12 services, until an obligation's count can be used",
      path: '/calendario-tributario',
      ready: (page) => page.getByTestId('obligacion').getByRole('link').first(),
    },
    {
      name: `/calendario-tributario/at/${taxYear} ('Calendario AT'), until a date's 'Editar' can be used`,
      path: `/calendario-tributario/at/${taxYear}`,
      ready: (page) => page.getByRole('button', { name: /^Editar / }).first(),
    },
  ]);
}

/** A screen the browser benchmarks open, and what on it shows it can be used. */
interface TimedScreen {
  name: string;
  path: string;
  ready: (page: import('@playwright/test').Page) => import('@playwright/test').Locator;
}

/**
 * Screens opened as an owner at 1280 px, from navigation until `ready` is visible, beside their floor
 * in the same run and taking turns with it: a screen that names nothing ('Página no encontrada', its
 * way home usable), the cost every screen pays (the page, its scripts, the session and the shell).
 * Median of 5, with the page's main-thread CPU time (Chromium's ThreadTime): a busy machine stretches
 * the wall-clock times far more than it.
 */
async function benchScreensBesideFloor(kind: string, screens: TimedScreen[], target = 'target under 400 ms') {
  const { browser, page } = await signedInPage();
  try {
    const floor: TimedScreen = {
      name: 'floor: a path naming no screen',
      path: '/pagina-que-no-existe',
      ready: (shown) => shown.getByRole('link', { name: 'Volver al inicio' }),
    };
    const timed = [...screens, floor].map((screen) => ({ ...screen, times: [] as number[], cpu: [] as number[] }));
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const threadTime = async () =>
      (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0;
    for (let run = 0; run < 5; run++) {
      for (const screen of timed) {
        await page.goto(`${base}/perfil`);
        const cpuBefore = await threadTime();
        const started = Date.now();
        await page.goto(`${base}${screen.path}`);
        await screen.ready(page).waitFor({ state: 'visible', timeout: 30_000 });
        screen.times.push(Date.now() - started);
        screen.cpu.push((await threadTime()) - cpuBefore);
      }
    }
    for (const screen of timed) {
      const sorted = [...screen.times].sort((a, b) => a - b);
      const cpu = [...screen.cpu].sort((a, b) => a - b);
      const isFloor = screen === timed.at(-1);
      report(
        kind,
        isFloor ? `${screen.name}, taking turns with them (median of 5)` : `${screen.name} (median of 5)`,
        ms(percentile(sorted, 0.5)),
        `slowest ${ms(sorted.at(-1) ?? 0)} (${screen.times.join(' / ')} ms)`,
        `main-thread CPU median ${ms(percentile(cpu, 0.5) * 1000)}${isFloor ? '' : `; ${target}`}`,
      );
    }
  } finally {
    await browser.close();
  }
}

/** Waits until the server's CPU time grows by less than 50 ms in a second (at most 3 minutes); answers how long it took. */
async function serverQuiet(pid: number): Promise<number> {
  const started = performance.now();
  let before = cpuMs(pid);
  if (before === undefined) return 0;
  while (performance.now() - started < 180_000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = cpuMs(pid) ?? 0;
    if (now - before < 50) break;
    before = now;
  }
  return performance.now() - started;
}

/** The script the browser loads up to the sign-in page, gzip-compressed as it would travel. */
async function benchFirstLoad() {
  const { chromium } = await import('@playwright/test');
  const { gzipSync } = await import('node:zlib');
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    let total = 0;
    let files = 0;
    const pending: Promise<void>[] = [];
    page.on('response', (response) => {
      if (!response.url().endsWith('.js')) return;
      pending.push(
        response.body().then((body) => {
          total += gzipSync(body, { level: 9 }).length;
          files += 1;
        }),
      );
    });
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    await Promise.all(pending);
    report('web', `script up to the sign-in page (${files} files, gzip)`, `${(total / 1024).toFixed(0)} KB`, '', '');
  } finally {
    await browser.close();
  }
}

async function stopServer(server: ChildProcess) {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
}

async function benchOn(kind: 'pglite' | 'postgres') {
  const prepared = await prepare(kind);
  if (parts.includes('crypt')) {
    // Servers of its own, started with files encrypted and not, before the others' server.
    try {
      await benchCrypt(kind, base, (env) => startServer({ ...prepared.env, ...env }), stopServer, signIn, report);
    } catch (error) {
      await prepared.cleanup();
      throw error;
    }
    if (parts.every((part) => part === 'crypt')) {
      await prepared.cleanup();
      return;
    }
  }
  const server = await startServer(prepared.env);
  try {
    report(kind, 'server RSS right after start', `${rssMb(server.pid ?? 0).toFixed(0)} MB`, '', '');
    const token = await signIn();
    const { currentPeriod } = await import('@app/shared/period');
    const period = currentPeriod();
    const boardUrl = `${base}/api/monthly-states/year/${period.year}/month/${period.month}`;
    if (parts.includes('board-api')) await benchBoardApi(kind, server, token, boardUrl);
    if (parts.includes('fanout')) await benchFanout(kind, server.pid ?? 0, token, period);
    if (parts.includes('bulk')) await benchBulk(kind, base, token, period, report);
    if (parts.includes('board-page')) await benchBoardPage(kind);
    if (parts.includes('lists-api')) await benchListsApi(kind, server, token, prepared.groupId);
    if (parts.includes('lists-page')) await benchListsPage(kind, prepared.groupId);
    if (parts.includes('first-load') && kind === kinds[0]) await benchFirstLoad();
    if (parts.includes('uploads')) {
      await benchUploads(kind, base, token, server.pid ?? 0, report);
      await benchDownloads(kind, base, token, server.pid ?? 0, report);
    }
    if (parts.includes('memory')) await benchMemory(kind, base, token, server.pid ?? 0, boardUrl, report);
    if (parts.includes('exports')) await benchExports(kind, token, server.pid ?? 0, boardUrl, report);
    if (parts.includes('import')) {
      await benchImports(kind, base, token, server.pid ?? 0, report);
      await benchImportLimits(kind, base, token, server.pid ?? 0, report);
    }
    if (parts.includes('requests')) await benchRequests(kind, base, token, report);
    if (parts.includes('billing')) await benchBilling(kind, base, token, report);
    if (parts.includes('billing-page')) await benchBillingPage(kind, token, server.pid ?? 0);
    if (parts.includes('collections')) await benchCollections(kind, base, token, report);
    if (parts.includes('tax-calendar')) await benchTaxCalendar(kind, base, token, report);
    if (parts.includes('tax-calendar-page')) await benchTaxCalendarPage(kind);
    if (parts.includes('time')) await benchTime(kind, base, token, report);
    if (parts.includes('approvals')) await benchApprovals(kind, base, token, precomputed, report);
    if (parts.includes('panel')) {
      await benchPanelApi(kind, base, token, report);
      await benchPanelPage(kind, benchScreensBesideFloor);
    }
    if (parts.includes('messages')) await benchMessages(kind, base, token, longThreadBusinessId, precomputed, report);
    if (parts.includes('monthly-report')) await benchMonthlyReport(kind, base, token, precomputed, report);
    if (parts.includes('data-subjects'))
      await benchDataSubjects(kind, base, token, subjectRut, report, (body) => precomputed(body, undefined));
    if (parts.includes('activity')) {
      await benchActivity(kind, base, token, precomputed, report);
      if (kind === 'postgres') await explainActivity(prepared.env.DATABASE_URL ?? '', report);
    }
  } finally {
    await stopServer(server);
    await prepared.cleanup();
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({
    connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

if (!process.env.BENCH_SERVER_BUNDLE) execSync('node scripts/build-if-needed.mjs', { cwd: root, stdio: 'inherit' });
console.log(`machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`);
for (const kind of kinds) {
  if (kind === 'postgres' && !(await postgresReachable())) {
    console.log('PostgreSQL not reachable: skipped (set BENCH_DATABASE_URL)');
    continue;
  }
  await benchOn(kind);
}
console.log('\n| database | measure | | | |\n|---|---|---|---|---|');
for (const row of rows) console.log(`| ${row.join(' | ')} |`);
