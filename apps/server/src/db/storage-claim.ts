import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createRawFileStorage, type FileStorageSettings } from '../lib/file-storage/file-storage.ts';
import { StartupError } from '../lib/startup-error.ts';

/*
 * Instances sharing one PostgreSQL database must share their file storage too: an instance that
 * keeps files on its own disk serves only the files it received, the others find the rows but not
 * the bytes (downloads fail, backups taken there leave those files out). So at start-up each
 * instance claims its storage in the database, and one whose storage differs from a live
 * neighbour's is refused.
 *
 * The claim is a session-level advisory lock, taken shared on a key derived from the storage's
 * identity and held by one connection for as long as the process runs: PostgreSQL drops it when
 * that connection ends, however the process ends (crash, kill -9, lost network), so there is no
 * heartbeat row to go stale and nothing to clean up. Instances on the same storage share the key;
 * a live lock of this kind on another key is a neighbour with other storage. Start-ups take an
 * exclusive lock of their own meanwhile, so two instances starting at once are decided in turn.
 *
 * A storage's identity: for S3, its endpoint and bucket; for disk, a random id written once in the
 * files folder (`.storage-id`), so instances mounting one shared folder count as one storage.
 * Needs session-level locks: a pooler in transaction mode (PgBouncer's default) does not keep them.
 */

/** First half of every key (pg_advisory_lock(int, int)): which of the app's locks this is. */
const NAMESPACE = 0x45430001;
/** The second half that start-ups serialize on; storage keys are never 0. */
const STARTING = 0;

const ID_FILE = '.storage-id';

/** The storage's identity as this instance's settings give it (the disk id is created on first use). */
export function storageIdentity(settings: FileStorageSettings): string {
  if (createRawFileStorage(settings).kind === 's3') return `s3:${settings.S3_ENDPOINT}/${settings.S3_BUCKET}`;
  const filesDir = path.join(settings.DATA_DIR, 'files');
  const file = path.join(filesDir, ID_FILE);
  try {
    return `disk:${fs.readFileSync(file, 'utf8').trim()}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(filesDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomUUID()}\n`, { flag: 'wx', mode: 0o644 });
  } catch (error) {
    // Another instance on the same folder wrote it first: its id is the folder's.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return `disk:${fs.readFileSync(file, 'utf8').trim()}`;
}

/** A positive int4 from the identity (0 is the start-up lock's). */
const keyOf = (identity: string) => createHash('sha256').update(identity).digest().readUInt32BE(0) & 0x7fffffff || 1;

export const otherStorageRefusal = (identity: string) =>
  new StartupError(
    `No se inició: otra instancia en marcha sobre esta misma base de datos PostgreSQL guarda los archivos en otro lugar (esta usa ${identity.startsWith('s3:') ? 'S3' : 'su propio disco'}). Cada instancia con almacenamiento en disco guarda solo los archivos que recibió: las demás no los encontrarían y los respaldos quedarían incompletos. Con varias instancias, configura S3 (S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) igual en todas, o detén la otra instancia.`,
  );

/**
 * Claims the file storage for this process in the database at `url`; refused (StartupError) when
 * a live instance holds a claim on other storage. Answers how to let go (the process ending does too).
 */
export async function claimFileStorage(url: string, identity: string): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: url });
  // A lost connection loses the claim; the server's own pool reports the database's troubles.
  client.on('error', () => {});
  await client.connect();
  const key = keyOf(identity);
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [NAMESPACE, STARTING]);
    await client.query('SELECT pg_advisory_lock_shared($1, $2)', [NAMESPACE, key]);
    const others = await client.query<{ key: string }>(
      `SELECT DISTINCT objid::text AS key FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 2
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid::text = $1 AND objid::text NOT IN ($2, $3)`,
      [String(NAMESPACE), String(STARTING), String(key)],
    );
    await client.query('SELECT pg_advisory_unlock($1, $2)', [NAMESPACE, STARTING]);
    if (others.rows.length > 0) throw otherStorageRefusal(identity);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return () => client.end();
}
