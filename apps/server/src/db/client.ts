import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SERVER_DIR } from '../lib/paths.ts';
import type { TableChanges } from '../lib/table-cache.ts';
import { createEmbeddedDatabaseApart } from './pglite-create-apart.ts';
import { lockDataDir } from './pglite-lock.ts';
import { listenToPglite, listenToPostgres } from './table-changes.ts';

export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database itself: repositories accept either. */
export type DbOrTx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Which tables changed, heard from the database: what in-memory answers are checked against. */
  changes: TableChanges;
  close(): Promise<void>;
  /** The PostgreSQL pool's connections (for the metrics); absent on the embedded database. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

/** apps/server/drizzle, whether this runs from src/db (tsx) or from the bundle in dist/. */
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');

/**
 * The embedded database's memory: its buffers live inside the process (WebAssembly memory, which
 * never shrinks), so they are kept small; the operating system's file cache still holds the data
 * files. PostgreSQL's default of 128 MB of shared buffers alone made a 2,000-company firm's server
 * hold ~150 MB more (see the README's memory measures).
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'work_mem=2MB', 'maintenance_work_mem=16MB', 'temp_buffers=2MB'];

export type DatabaseOptions =
  | { kind: 'postgres'; url: string }
  | {
      kind: 'pglite';
      dataDir?: string;
      loadDataDir?: Blob;
      /** A data directory that holds no database yet gets one made in a process of its own (the server does). */
      createApart?: boolean;
    };

/** How long a dead pooled connection may stay checked out before the pool takes it back. */
const ABANDONED_CONNECTION_GRACE_MS = 5_000;

/** The advisory lock instances take while they migrate one PostgreSQL database (any fixed number). */
const MIGRATION_LOCK = 7_208_351_920;

/**
 * Runs the migrations holding a session advisory lock, so that instances starting at once on one
 * database migrate one after the other (the later ones find nothing left to do) instead of racing
 * to create the same tables.
 */
async function migrateAlone(pool: pg.Pool, migrate: () => Promise<void>) {
  const holder = await pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    holder.release();
  }
}

/** Opens the database and applies pending migrations (one schema for PGlite and PostgreSQL). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // Every pooled connection listens to table changes (see listenToPostgres).
    const changes = listenToPostgres(options.url);
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      onConnect: async (client) => {
        // A connection cut while checked out (a transaction in progress when PostgreSQL restarts)
        // fails its queries, and also reports the cut as an 'error' event, which the pool listens
        // to only while the connection is idle: unheard, node would stop the process for it.
        client.on('error', (error) => reclaimIfAbandoned(client as pg.PoolClient, error));
        await changes.onPoolConnect(client);
      },
    });
    // drizzle's transaction() never gives its connection back when its BEGIN fails (it releases
    // only after BEGIN succeeded), so every PostgreSQL restart that cut a BEGIN would cost the pool
    // a connection for good. A dead connection still checked out after a grace period is released.
    const checkedOut = new Set<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    pool.on('remove', (client) => checkedOut.delete(client as pg.PoolClient));
    const reclaimIfAbandoned = (client: pg.PoolClient, error: Error) => {
      setTimeout(() => {
        if (checkedOut.has(client)) client.release(error);
      }, ABANDONED_CONNECTION_GRACE_MS).unref();
    };
    // An idle connection the server closed (restart, failover) is dropped and replaced; without a
    // listener node would treat its error as uncaught and stop the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool);
    try {
      await migrateAlone(pool, () => migratePg(db, { migrationsFolder: MIGRATIONS_DIR }));
    } catch (error) {
      await changes.close();
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      changes,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async close() {
        await changes.close();
        await pool.end();
      },
    };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const unlock = options.dataDir ? await lockDataDir(options.dataDir) : () => {};
  let client: PGlite;
  try {
    if (options.createApart && options.dataDir && !fs.existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
      await createEmbeddedDatabaseApart(options.dataDir);
    }
    client = options.loadDataDir
      ? await PGlite.create({ loadDataDir: options.loadDataDir, postgresqlconf: PGLITE_SETTINGS })
      : await PGlite.create({
          ...(options.dataDir ? { dataDir: options.dataDir } : {}),
          postgresqlconf: PGLITE_SETTINGS,
        });
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  const changes = await listenToPglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    changes,
    async close() {
      await changes.close();
      await client.close();
      unlock();
    },
  };
}
