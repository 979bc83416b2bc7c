import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** A new embedded database as initdb leaves it, before any migration (see pglite-template.ts). */
    pgliteEmptySnapshot: string;
  }
}

async function dump(client: PGlite, file: string) {
  const blob = await client.dumpDataDir('none');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
}

/**
 * Creating a PGlite database costs seconds (initdb); loading a dump costs a fraction. So initdb
 * runs once per run, and the migrated database is built once from it: every test file starts
 * from a copy of that one, and restore tests create their new databases from the empty one.
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-snapshot-'));
  const empty = path.join(dir, 'empty.tar');
  const fresh = await PGlite.create();
  await dump(fresh, empty);
  await fresh.close();
  project.provide('pgliteEmptySnapshot', empty);
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
  } else {
    const file = path.join(dir, 'migrated.tar');
    const database = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([fs.readFileSync(empty)]) });
    await dump((database.db as unknown as { $client: PGlite }).$client, file);
    await database.close();
    project.provide('pgliteSnapshot', file);
  }
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
