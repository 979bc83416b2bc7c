import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';

/** The test databases not closed yet: what closeLeftoverDatabases() closes at the end of a file. */
const openDatabases = new Set<Database>();

/** Closes (and removes) the databases a test file left open, after its apps (leftovers.ts). */
export async function closeLeftoverDatabases() {
  const left = [...openDatabases];
  openDatabases.clear();
  for (const database of left.reverse()) await database.close().catch(() => undefined);
}

/** Counts the database as open until its close. */
function tracked(database: Database): Database {
  const closing = database.close;
  const kept: Database = {
    ...database,
    async close() {
      openDatabases.delete(kept);
      await closing();
    },
  };
  openDatabases.add(kept);
  return kept;
}

/**
 * A fresh, migrated database for one test file: by default an embedded one in a new temporary
 * folder, a copy of the run's migrated data directory (global-setup.ts); with DATABASE_URL a new
 * database on that PostgreSQL server, created from the run's migrated template. Either is removed
 * on close (the folder also when the database does not open).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return tracked(await openEmbeddedCopy(inject('pgliteMigratedDir')));
  const scratch = await createScratchDatabase(serverUrl, 'test', { template: inject('postgresTemplate') || undefined });
  const database = await openDatabase({ kind: 'postgres', url: scratch.url }).catch(async (error: unknown) => {
    await scratch.drop();
    throw error;
  });
  return tracked({
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        await scratch.drop();
      }
    },
  });
}

async function openEmbeddedCopy(prepared: string): Promise<Database> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'test-db-'));
  const remove = () => fs.rmSync(folder, { recursive: true, force: true });
  const dataDir = path.join(folder, 'db');
  try {
    fs.cpSync(prepared, dataDir, { recursive: true });
    const database = await openDatabase({ kind: 'pglite', dataDir });
    return {
      ...database,
      async close() {
        try {
          await database.close();
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}
