import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { msg } from '@app/shared/messages';
import { backupMsg } from '@app/shared/messages-backup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokensForEveryRole } from '../../test/factories.ts';
import { createTestApp, OWNER, TEST_KEYS, type TestApp } from '../../test/test-app.ts';
import { FIRM } from './archive.fixture.ts';
import { stageArchive } from './restore.ts';

let t: TestApp;
let roles: Awaited<ReturnType<typeof tokensForEveryRole>>;
const logLines: string[] = [];
let scratch: string;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
  roles = await tokensForEveryRole(t);
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'respaldo-descarga-'));
});
afterAll(async () => {
  await t?.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

const download = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/backup', token, payload });

describe('POST /api/backup', () => {
  it('is for owners only: 401 anonymous, 403 client and collaborator', async () => {
    const anonymous = await download(undefined, { password: 'x' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: msg.unauthorized });
    for (const token of [roles.client, roles.collaborator]) {
      const refused = await download(token, { password: 'clave-segura' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: msg.forbidden });
    }
  });

  it('asks for the password again: missing or wrong is a 400 on the field, never an archive', async () => {
    const missing = await download(roles.owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ field: 'password', message: backupMsg.requiredField }]);
    const wrong = await download(roles.owner, { password: 'no-es-la-clave' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: backupMsg.wrongPassword,
      errors: [{ field: 'password', message: backupMsg.wrongPassword }],
    });
  });

  it('streams a whole archive to the owner, with the keys only when asked, and logs each download', async () => {
    for (const withSecrets of [false, true]) {
      const response = await download(roles.owner, { password: OWNER.password, withSecrets });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('application/gzip');
      const name = /filename="(respaldo-[\d-]+\.tar\.gz)"/.exec(String(response.headers['content-disposition']))?.[1];
      expect(name).toBeDefined();
      const file = path.join(scratch, `${withSecrets}.tar.gz`);
      await fs.writeFile(file, response.rawPayload);
      const staged = await stageArchive(file, FIRM);
      try {
        expect(staged.manifest.secretsIncluded).toBe(withSecrets);
        expect(staged.manifest.tables.find((table) => table.name === 'users')?.rows).toBe(3);
        if (withSecrets) {
          const secrets = JSON.parse(await fs.readFile(staged.files.get('secrets.json') ?? '', 'utf8'));
          expect(secrets.encryptionKey).toBe(TEST_KEYS.encryptionKey);
        }
      } finally {
        await fs.rm(staged.dir, { recursive: true, force: true });
      }
      // Both downloads may fall in the same second, and so share the archive's name.
      const logged = logLines.filter(
        (line) =>
          line.includes('backup: downloaded') &&
          line.includes(`"archive":"${name}"`) &&
          line.includes(`"withSecrets":${withSecrets}`),
      );
      expect(logged).toHaveLength(1);
    }
    // Nothing secret in the log: neither the password nor the keys.
    const log = logLines.join('');
    expect(log).not.toContain(OWNER.password);
    expect(log).not.toContain(TEST_KEYS.encryptionKey);
  });
});
