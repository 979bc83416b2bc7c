// Measures the time from launching the production server (`node apps/server/dist/main.js`, built
// first when needed) until it answers HTTP, with the embedded database. Usage: npm run bench:startup [-- RUNS]
// On a fresh clone the first `npm start` also builds the web app and the server bundle: that time
// is reported on its own line (run it after deleting apps/web/dist and apps/server/dist to see it).

import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { START_FLAGS } from './start-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const runs = Number(process.argv[2] ?? 5);
const port = 3990;
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

async function startOnce() {
  const started = performance.now();
  const child = spawn(process.execPath, [...START_FLAGS, 'apps/server/dist/main.js'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok) return performance.now() - started;
      } catch {}
      if (performance.now() - started > 60_000) throw new Error('server did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const first = await startOnce(); // creates and migrates the database
const times = [];
for (let run = 0; run < runs; run++) times.push(await startOnce());
times.sort((a, b) => a - b);
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`build before the first start (nothing to do when already built): ${fmt(buildTime)}`);
console.log(`first start (creates the database): ${fmt(first)}`);
console.log(
  `restart, ${runs} runs: median ${fmt(times[Math.floor(times.length / 2)])}, min ${fmt(times[0])}, max ${fmt(times.at(-1))}`,
);
fs.rmSync(dataDir, { recursive: true, force: true });
