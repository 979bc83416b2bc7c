import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from './test/redis-server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
let stop: () => void = () => {};

beforeAll(() => {
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root });
});
afterAll(() => {
  stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** What `npm start` runs: the bundle in apps/server/dist, with no path settings of its own. */
it('the production bundle starts from any folder, migrates, answers, and looks for the web app in apps/web/dist', async () => {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: os.tmpdir(),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '',
      APP_URL: '',
      SMTP_URL: '',
      BACKUP_TIME: '',
      BACKUP_CRON: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stop = () => child.kill('SIGTERM');
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await expect.poll(() => output, { timeout: 30_000, interval: 100 }).toContain('Estudio Contable listo en');
  expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
  const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
  expect(ready.status).toBe(200);
  expect(ready.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  // Without SMTP_URL, APP_URL and a backup schedule, start-up says in one block what each means.
  await expect.poll(() => output, { timeout: 5_000, interval: 100 }).toContain('\n  - No hay respaldos programados');
  expect(output).toContain(
    [
      'Aviso: falta configuración (el servidor funciona, pero):',
      `  - SMTP_URL no está definida: los correos no se envían, se guardan en ${dataDir}/outbox`,
    ].join('\n'),
  );
  expect(output).toContain('\n  - APP_URL no está definida: los enlaces enviados por correo');
  const webDist = path.join(root, 'apps/web/dist');
  if (fs.existsSync(path.join(webDist, 'index.html'))) {
    const page = await fetch(`http://127.0.0.1:${port}/login`);
    expect(page.headers.get('content-type')).toContain('text/html');
  } else {
    expect(output).toContain(`La aplicación web no está compilada en ${webDist}`);
  }
}, 60_000);
