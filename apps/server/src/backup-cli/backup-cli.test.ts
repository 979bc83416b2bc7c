import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { businesses } from '../modules/businesses/businesses.tables.ts';
import { nextRut } from '../test/factories.ts';
import { seedEmbeddedDatabase } from '../test/pglite-template.ts';
import { freePort } from '../test/redis-server.ts';

const root = path.resolve(import.meta.dirname, '../../../..');
const scratch: string[] = [];
let server: ChildProcess | undefined;

afterAll(async () => {
  server?.kill('SIGKILL');
  for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
});

const baseEnv = (dataDir: string) => ({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  BACKUP_DIR: '',
  ENCRYPTION_KEY: '',
  TOKEN_SECRET: '',
  LOG_LEVEL: 'warn',
  SCHEDULER: 'off',
});

/** Runs `npm run backup|restore` as the package script does; answers its exit code and output. */
function run(script: 'backup' | 'restore', args: string[], dataDir: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/server/src/backup-cli/${script}.ts`, ...args], {
      cwd: root,
      env: { ...baseEnv(dataDir), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const lastLine = (text: string) => text.trim().split('\n').at(-1) ?? '';

it('npm run backup works while the server runs (through the server) and once it is stopped; npm run restore brings it back', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'respaldo-cli-'));
  scratch.push(dataDir);
  seedEmbeddedDatabase(path.join(dataDir, 'db'));
  const port = await freePort();
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...baseEnv(dataDir),
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_EMAIL: 'duena@estudio.cl',
      ADMIN_PASSWORD: 'clave-duena-1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  await expect.poll(() => output, { timeout: 60_000, interval: 100 }).toContain('Estudio Contable listo en');
  const stat = await fs.stat(path.join(dataDir, 'run', 'admin.sock'));
  expect(stat.mode & 0o777).toBe(0o600);

  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'duena@estudio.cl', password: 'clave-duena-1' }),
  });
  const { token } = (await login.json()) as { token: string };
  const createCompany = async (name: string) => {
    const response = await fetch(`${base}/api/business`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name,
        razonSocial: `${name} SpA`,
        rut: nextRut().typed,
        startContract: '2023-01-01',
        endContract: '2030-12-31',
        legalRepresentative: 'Ana Pérez',
        contact: 'pagos@empresa.cl',
      }),
    });
    expect(response.status).toBe(201);
  };
  await createCompany('Antes del respaldo');

  // The server keeps serving writes while it takes the backup.
  const whileRunning = run('backup', ['--with-secrets'], dataDir);
  const during = Promise.all([1, 2, 3].map((n) => createCompany(`Durante ${n}`)));
  const [made] = await Promise.all([whileRunning, during]);
  expect(made.code, made.stderr).toBe(0);
  expect(made.stdout).toContain('El servidor está en marcha: el respaldo lo hace el servidor.');
  expect(made.stdout).toContain('Incluye secrets.json');
  const first = lastLine(made.stdout);
  expect(first).toMatch(new RegExp(`^${dataDir}/backups/respaldo-\\d{4}-\\d{2}-\\d{2}-\\d{6}\\.tar\\.gz$`));
  expect((await fs.stat(first)).mode & 0o777).toBe(0o600);

  // Stopped: the command opens the database itself, and says that the secrets are not in it.
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
  const stopped = await run('backup', [], dataDir);
  expect(stopped.code, stopped.stderr).toBe(0);
  expect(stopped.stdout).not.toContain('servidor está en marcha');
  expect(stopped.stdout).toContain('solo se pueden leer después de restaurar con la misma ENCRYPTION_KEY');
  expect(lastLine(stopped.stdout)).not.toBe(first);

  // Another machine verifies the archive's signature with the firm's key, given as ENCRYPTION_KEY.
  const secretsOf = async (dir: string) => JSON.parse(await fs.readFile(path.join(dir, 'secrets.json'), 'utf8'));
  const firmKey = { ENCRYPTION_KEY: (await secretsOf(dataDir)).encryptionKey as string };
  const restoredDir = path.join(dataDir, 'otra-maquina');
  const withoutKey = await run('restore', [first], restoredDir);
  expect(withoutKey.code).toBe(1);
  expect(withoutKey.stderr).toContain('no se puede verificar: este equipo no tiene la clave del estudio');
  const restored = await run('restore', [first], restoredDir, firmKey);
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stderr).not.toContain('--accept-unsigned');
  expect(restored.stdout).toContain(`Secretos restaurados en ${restoredDir}/secrets.json`);
  expect(await secretsOf(restoredDir)).toEqual(await secretsOf(dataDir));

  // Without the key, only on the operator's explicit word, and it says so.
  const trustedDir = path.join(dataDir, 'sin-clave');
  const accepted = await run('restore', [first, '--accept-unsigned'], trustedDir);
  expect(accepted.code, accepted.stderr).toBe(0);
  expect(accepted.stderr).toContain(
    'Aviso: restaurado con --accept-unsigned un respaldo cuya firma no es la del estudio (firmado con otra clave); quedó registrado en la actividad.',
  );
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(restoredDir, 'db') });
  try {
    const names = (await database.db.select({ name: businesses.name }).from(businesses)).map((row) => row.name);
    expect(names).toContain('Antes del respaldo');
  } finally {
    await database.close();
  }
}, 240_000);
