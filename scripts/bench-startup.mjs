// Measures the time from launching the production server (`node apps/server/dist/main.js`, built
// first when needed) until it answers HTTP, with the embedded database, and the memory it holds at
// rest after a first start and after a restart. Usage: npm run bench:startup [-- RUNS]
// On a fresh clone the first `npm start` also builds the web app and the server bundle: that time
// is reported on its own line (run it after deleting apps/web/dist and apps/server/dist to see it).

import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { START_FLAGS } from './start-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 5);
/** How long the server sits idle before its memory is read: what it holds at rest, not while starting. */
const REST_MS = 15_000;
const port = Number(process.env.BENCH_PORT ?? 3990);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-startup-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'warn',
  ADMIN_PASSWORD: 'bench-password',
};

const buildStarted = performance.now();
execSync('node scripts/build-if-needed.mjs', { cwd: root, stdio: 'inherit' });
const buildTime = performance.now() - buildStarted;

/** The process's resident memory by kind, in MB (Linux): all, anonymous (heap, PGlite's memory), mapped files (node's code). */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (key) => Math.round(Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024);
  return { rss: mb('VmRSS'), anonymous: mb('RssAnon'), files: mb('RssFile') };
}

/** Starts the server, answers the time until /api/health answers and, with `rest`, its memory after REST_MS idle. */
async function startOnce({ rest = false } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, [...START_FLAGS, 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  try {
    let time;
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) {
          time = performance.now() - started;
          break;
        }
      } catch {}
      if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    if (!rest) return { time };
    await new Promise((resolve) => setTimeout(resolve, REST_MS));
    return { time, memory: memoryOf(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
const fmtMemory = ({ rss, anonymous, files }) => `${rss} MB (${anonymous} MB anonymous, ${files} MB mapped files)`;
try {
  const first = await startOnce({ rest: true }); // creates and migrates the database
  const times = [];
  let atRest;
  for (let run = 0; run < runs; run++) {
    const restart = await startOnce({ rest: run === 0 });
    times.push(restart.time);
    atRest ??= restart.memory;
  }
  times.sort((a, b) => a - b);
  console.log(`build before the first start (nothing to do when already built): ${fmt(buildTime)}`);
  console.log(`first start (creates the database): ${fmt(first.time)}`);
  console.log(
    `restart, ${runs} runs: median ${fmt(times[Math.floor(times.length / 2)])}, min ${fmt(times[0])}, max ${fmt(times.at(-1))}`,
  );
  console.log(`memory ${REST_MS / 1000} s after the first start: ${fmtMemory(first.memory)}`);
  if (atRest) console.log(`memory ${REST_MS / 1000} s after a restart: ${fmtMemory(atRest)}`);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
