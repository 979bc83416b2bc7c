import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import { lockDataDir } from '../../db/pglite-lock.ts';
import { BackupError } from './archive.ts';

/** Where a restore writes: a DATA_DIR (embedded database in DATA_DIR/db, files in DATA_DIR/files) or a PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

interface OpenedDatabase {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/**
 * The database as it is, for a backup while the server is stopped: no migration, no listener.
 * The embedded database is locked like the server locks it (a server starting meanwhile is refused).
 */
export async function openSource(target: RestoreTarget): Promise<OpenedDatabase> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    pool.on('error', () => {});
    return { db: drizzlePg(pool) as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const dbDir = path.join(target.dataDir, 'db');
  const entries = await fs.readdir(dbDir).catch(() => [] as string[]);
  if (entries.length === 0) throw new BackupError(`No hay una base de datos en ${dbDir}: nada que respaldar.`);
  const unlock = await lockDataDir(dbDir);
  try {
    const client = await PGlite.create({ dataDir: dbDir });
    return {
      db: drizzlePglite(client) as unknown as Db,
      kind: 'pglite',
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

interface TargetHooks {
  force: boolean;
  isEmpty(db: Db): Promise<boolean>;
  makeEmpty(db: Db): Promise<void>;
  /** Suffix of the names the replaced data is moved to (embedded database with --force). */
  setAsideName: string;
}

export interface OpenedTarget extends OpenedDatabase {
  migrate(folder: string): Promise<void>;
  /** Undoes what opening did as far as it can (the embedded database: back as it was). */
  failed(): Promise<void>;
  setAside: string[];
}

const notEmpty = (where: string, how: string) =>
  new BackupError(
    `No se restauró nada: ${where} no está vacío (ya tiene una base de datos). Restaura en un destino vacío, o usa --force para reemplazarla (${how}). No se cambió nada.`,
  );

/** Opens the restore target, refusing a non-empty one unless forced. */
export async function openTarget(target: RestoreTarget, hooks: TargetHooks): Promise<OpenedTarget> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: 2 });
    pool.on('error', () => {});
    const db = drizzlePg(pool) as unknown as Db;
    try {
      if (!(await hooks.isEmpty(db))) {
        if (!hooks.force) throw notEmpty('la base de datos PostgreSQL', 'se borran sus tablas');
        await hooks.makeEmpty(db);
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      setAside: [],
      migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      failed: () => pool.end(),
      close: () => pool.end(),
    };
  }
  const dbDir = path.join(target.dataDir, 'db');
  const filesDir = path.join(target.dataDir, 'files');
  const exists = async (dir: string) => (await fs.readdir(dir).catch(() => [] as string[])).length > 0;
  if ((await exists(dbDir)) && !hooks.force) throw notEmpty(target.dataDir, 'la actual se guarda aparte, sin borrarla');
  await fs.mkdir(target.dataDir, { recursive: true });
  const unlock = await lockDataDir(dbDir);
  const setAside: string[] = [];
  let client: PGlite | undefined;
  const putBack = async () => {
    await client?.close().catch(() => undefined);
    await fs.rm(dbDir, { recursive: true, force: true });
    for (const aside of setAside.reverse()) await fs.rename(aside, aside.slice(0, -(hooks.setAsideName.length + 1)));
    unlock();
  };
  try {
    for (const dir of [dbDir, filesDir]) {
      if (!(await exists(dir))) continue;
      if (!hooks.force) throw notEmpty(target.dataDir, 'la actual se guarda aparte, sin borrarla');
      await fs.rename(dir, `${dir}.${hooks.setAsideName}`);
      setAside.push(`${dir}.${hooks.setAsideName}`);
    }
    client = await PGlite.create({ dataDir: dbDir });
  } catch (error) {
    await putBack();
    throw error;
  }
  const db = drizzlePglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    setAside,
    migrate: (folder) => migratePglite(db, { migrationsFolder: folder }),
    failed: putBack,
    async close() {
      await client?.close();
      unlock();
    },
  };
}
