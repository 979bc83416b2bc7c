import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { createPostgresTemplate } from './postgres-template.ts';
import { useRunTempDir } from './run-temp-dir.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database's data directory as one file (PGlite's dump), which each test database loads ('' on PostgreSQL). */
    pgliteMigratedDump: string;
    /** A new embedded database's data directory as initdb leaves it, before any migration (see pglite-template.ts). */
    pgliteEmptyDir: string;
    /** With DATABASE_URL: a migrated database on that server that each test database is created from. */
    postgresTemplate: string;
  }
}

/**
 * Creating a database costs seconds (PGlite's initdb; the migrations on either database); copying
 * a prepared one costs a fraction. So each is prepared once per run: an embedded data directory as
 * initdb leaves it (restore tests and servers started on a new folder begin from a copy of it), a
 * migrated one dumped to one file (each test database is loaded from it into memory), and on
 * PostgreSQL a migrated template database (each test database is created from it).
 *
 * Everything the run's tests put in the temporary directory goes into one folder of this run
 * (TMPDIR for the test workers and the servers they start), removed at the end even when a test
 * failed to remove its own.
 */
export default async function setup(project: TestProject) {
  const run = useRunTempDir();
  try {
    const empty = path.join(run.dir, 'pglite-initdb');
    const fresh = await PGlite.create({ dataDir: empty });
    await fresh.close();
    project.provide('pgliteEmptyDir', empty);

    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      project.provide('pgliteMigratedDump', '');
      const template = await createPostgresTemplate(serverUrl);
      run.onRemove(template.drop);
      project.provide('postgresTemplate', template.name);
    } else {
      const migrated = path.join(run.dir, 'pglite-migrated');
      fs.cpSync(empty, migrated, { recursive: true });
      const database = await openDatabase({ kind: 'pglite', dataDir: migrated });
      await database.close();
      const client = await PGlite.create({ dataDir: migrated });
      const dump = path.join(run.dir, 'pglite-migrated.tar');
      fs.writeFileSync(dump, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      await client.close();
      project.provide('pgliteMigratedDump', dump);
      project.provide('postgresTemplate', '');
    }
  } catch (error) {
    await run.remove();
    throw error;
  }
  return run.remove;
}
