import { openDatabase } from '../db/client.ts';
import { createScratchDatabase } from '../db/scratch-database.ts';

/**
 * A migrated database on the PostgreSQL server of `serverUrl`, made once per test run: each test
 * database is created from it (`CREATE DATABASE … TEMPLATE`, a file copy on the server) instead of
 * running every migration again. Nothing stays connected to it (PostgreSQL copies only a template
 * nobody uses). Answers its name and the function that drops it.
 */
export async function createPostgresTemplate(serverUrl: string): Promise<{ name: string; drop(): Promise<void> }> {
  const template = await createScratchDatabase(serverUrl, 'test_template');
  try {
    const database = await openDatabase({ kind: 'postgres', url: template.url });
    await database.close();
  } catch (error) {
    await template.drop();
    throw error;
  }
  return { name: new URL(template.url).pathname.slice(1), drop: template.drop };
}
