import fs from 'node:fs';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';

/**
 * A fresh, migrated database for one test file: a copy of the PGlite snapshot by default, or a
 * new database on the PostgreSQL server named by DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const snapshot = fs.readFileSync(inject('pgliteSnapshot'));
    return openDatabase({ kind: 'pglite', loadDataDir: new Blob([snapshot]) });
  }
  const scratch = await createScratchDatabase(serverUrl, 'test');
  const database = await openDatabase({ kind: 'postgres', url: scratch.url });
  return {
    ...database,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
