import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { users } from '../modules/users/users.tables.ts';
import { openDatabase } from './client.ts';
import { lockDataDir } from './pglite-lock.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'crear-aparte-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('a new embedded database made in a process of its own opens migrated, with no user yet', async () => {
  const dataDir = path.join(root, 'db');
  const database = await openDatabase({ kind: 'pglite', dataDir, createApart: true });
  try {
    expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    const rows = await database.db.select({ id: users.id }).from(users);
    expect(rows).toEqual([]);
  } finally {
    await database.close();
  }
}, 120_000);

it('says in Spanish which database could not be made, and leaves its folder unlocked', async () => {
  // A folder PGlite cannot write in (its file system keeps the mode bits, even for root).
  const dataDir = path.join(root, 'solo-lectura', 'db');
  fs.mkdirSync(dataDir, { recursive: true });
  fs.chmodSync(dataDir, 0o500);
  try {
    await expect(openDatabase({ kind: 'pglite', dataDir, createApart: true })).rejects.toThrow(
      `No se pudo crear la base de datos embebida en ${dataDir}`,
    );
  } finally {
    fs.chmodSync(dataDir, 0o700);
  }
  const unlock = await lockDataDir(dataDir);
  unlock();
}, 120_000);
