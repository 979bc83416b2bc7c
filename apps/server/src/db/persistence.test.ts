import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from './client.ts';

// Its new database starts from the run's initdb template (pglite-template.ts), then migrates as usual.
vi.mock('@electric-sql/pglite', async (importOriginal) =>
  (await import('../test/pglite-template.ts')).withInitdbTemplate(await importOriginal()),
);

// The embedded default: what the app writes to DATA_DIR/db is there after a restart.
describe('embedded database on disk (PGlite, whatever DATABASE_URL says)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'persist-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: 'a@estudio.cl',
    ADMIN_PASSWORD: 'clave-a-1',
  });
  const dbDir = path.join(dataDir, 'db');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps users, sessions and secrets across a restart, and refuses a second process', async () => {
    const first = await buildApp({ config, database: await openDatabase({ kind: 'pglite', dataDir: dbDir }) });
    const login = await first.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@estudio.cl', password: 'clave-a-1' },
    });
    const token = login.json().token;
    const created = await first.inject({
      method: 'POST',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'Persistente', email: 'p@estudio.cl', role: 'collaborator', password: 'clave-p-1' },
    });
    expect(created.statusCode).toBe(201);
    await expect(openDatabase({ kind: 'pglite', dataDir: dbDir })).rejects.toThrow(/en uso/);
    await first.close();

    const second = await buildApp({ config, database: await openDatabase({ kind: 'pglite', dataDir: dbDir }) });
    try {
      // The same token still works: the session row and the signing secret both survived.
      const users = await second.inject({
        method: 'GET',
        url: '/api/user',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(users.statusCode).toBe(200);
      expect(users.json().map((user: { email: string }) => user.email)).toContain('p@estudio.cl');
    } finally {
      await second.close();
    }
  });
});
