import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { StartupError } from '../lib/startup-error.ts';
import { freePort } from '../test/redis-server.ts';
import { TEST_KEYS } from '../test/test-app.ts';
import { createScratchDatabase } from './scratch-database.ts';
import { claimFileStorage, storageIdentity } from './storage-claim.ts';

const scratch: string[] = [];
const servers: ChildProcess[] = [];
afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  for (const dir of scratch) await fs.rm(dir, { recursive: true, force: true });
});

async function dataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'almacenamiento-'));
  scratch.push(dir);
  return dir;
}

describe('the identity of a file storage', () => {
  it('is a random id kept in the files folder for disk (the same for every instance on that folder), the bucket for S3', async () => {
    const first = loadConfig({ DATA_DIR: await dataDir() });
    const identity = storageIdentity(first);
    expect(identity).toMatch(/^disk:[0-9a-f-]{36}$/);
    expect(storageIdentity(first)).toBe(identity);
    expect(await fs.readFile(path.join(first.DATA_DIR, 'files', '.storage-id'), 'utf8')).toBe(`${identity.slice(5)}\n`);
    expect(storageIdentity(loadConfig({ DATA_DIR: await dataDir() }))).not.toBe(identity);
    const s3 = {
      S3_ENDPOINT: 'http://s3.estudio.cl',
      S3_BUCKET: 'archivos',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'clave',
    };
    expect(storageIdentity(loadConfig({ DATA_DIR: await dataDir(), ...s3 }))).toBe('s3:http://s3.estudio.cl/archivos');
  });
});

describe.runIf(process.env.DATABASE_URL)('claiming the file storage on PostgreSQL', () => {
  // A database of its own: the servers started here migrate it and leave keys and claims in it.
  let url = '';
  let drop = async () => {};
  beforeAll(async () => {
    const scratchDatabase = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'claim');
    url = scratchDatabase.url;
    drop = scratchDatabase.drop;
  });
  afterAll(() => drop());

  it('lets instances on the same storage start, refuses one on other storage while they live, and lets it start once they end', async () => {
    const first = await claimFileStorage(url, 'disk:carpeta-compartida');
    const second = await claimFileStorage(url, 'disk:carpeta-compartida');
    const refused = claimFileStorage(url, 'disk:otro-disco');
    await expect(refused).rejects.toBeInstanceOf(StartupError);
    await expect(refused).rejects.toThrow(
      /^No se inició: otra instancia en marcha sobre esta misma base de datos PostgreSQL guarda los archivos en otro lugar \(esta usa su propio disco\)\..*configura S3/s,
    );
    await expect(claimFileStorage(url, 's3:http://s3.estudio.cl/archivos')).rejects.toThrow(/esta usa S3/);
    await first();
    await expect(claimFileStorage(url, 'disk:otro-disco')).rejects.toBeInstanceOf(StartupError);
    await second();
    // The claims ended with their connections: nothing is left to clean up.
    const third = await claimFileStorage(url, 'disk:otro-disco');
    await third();
  });

  it('two claims at the same moment on different disks: exactly one is refused', async () => {
    const outcomes = await Promise.allSettled([
      claimFileStorage(url, 'disk:a-la-vez-1'),
      claimFileStorage(url, 'disk:a-la-vez-2'),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    for (const outcome of outcomes) if (outcome.status === 'fulfilled') await outcome.value();
  });

  it('npm start refuses a second instance with its own disk against the same database, naming the reason', {
    timeout: 180_000,
  }, async () => {
    const root = path.resolve(import.meta.dirname, '../../../..');
    const start = (dir: string, port: number) => {
      const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATA_DIR: dir,
          DATABASE_URL: url,
          PORT: String(port),
          HOST: '127.0.0.1',
          // The same keys on both, as several instances must have: only the storage differs.
          ENCRYPTION_KEY: TEST_KEYS.encryptionKey,
          TOKEN_SECRET: TEST_KEYS.tokenSecret,
          VAPID_PUBLIC_KEY: TEST_KEYS.vapidPublicKey,
          VAPID_PRIVATE_KEY: TEST_KEYS.vapidPrivateKey,
          ADMIN_EMAIL: 'duena@estudio.cl',
          ADMIN_PASSWORD: 'clave-duena-1',
          LOG_LEVEL: 'warn',
          SCHEDULER: 'off',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      servers.push(server);
      let output = '';
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      server.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      return { server, output: () => output, exited };
    };
    const port = await freePort();
    const first = start(await dataDir(), port);
    await expect.poll(first.output, { timeout: 90_000, interval: 100 }).toContain('Estudio Contable listo en');
    const second = start(await dataDir(), port + 1);
    // It either exits or, without the check, comes up serving: the first of the two decides.
    let watching: NodeJS.Timeout | undefined;
    const cameUp = new Promise<string>((resolve) => {
      watching = setInterval(() => {
        if (second.output().includes('Estudio Contable listo en')) resolve('se inició');
      }, 100);
    });
    const outcome = await Promise.race([second.exited, cameUp]);
    clearInterval(watching);
    expect(outcome).toBe(1);
    expect(second.output()).toContain(
      'No se inició: otra instancia en marcha sobre esta misma base de datos PostgreSQL guarda los archivos en otro lugar',
    );
    first.server.kill('SIGTERM');
    await first.exited;
  });
});
