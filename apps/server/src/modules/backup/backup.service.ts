import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar from 'tar-stream';
import type { Db } from '../../db/client.ts';
import type { RawFileStorage } from '../../lib/file-storage/file-storage.ts';
import { StoredObjectChangedError } from '../../lib/file-storage/storage.ts';
import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';
import {
  ARCHIVE_FORMAT,
  FORMAT_VERSION,
  fileEntry,
  MANIFEST_ENTRY,
  type Manifest,
  SECRETS_ENTRY,
  SIGNATURE_ENTRY,
  tableEntry,
} from './archive.ts';
import {
  appliedMigrations,
  keysStillNamed,
  listSequences,
  listTables,
  readRows,
  storageKeys,
} from './backup.repository.ts';
import { signManifest } from './signature.ts';

/** The secrets as DATA_DIR/secrets.json keeps them (lib/secrets.ts), written to the archive on request. */
export type StoredSecretsFile = Record<'tokenSecret' | 'encryptionKey' | 'vapidPublicKey' | 'vapidPrivateKey', string>;

export interface BackupDeps {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The stored bytes as they lie: files go into the archive encrypted as stored (plain ones from before, plain). */
  storage: RawFileStorage;
  secrets: () => StoredSecretsFile;
  /** The firm's ENCRYPTION_KEY: the manifest is signed with a key derived from it. */
  encryptionKey: Buffer;
  appVersion: string;
}

export interface BackupOptions {
  withSecrets?: boolean;
  /** With S3 storage, copy the files too (the bucket's versioning keeps them otherwise). */
  withFiles?: boolean;
}

export interface BackupSummary {
  tables: number;
  rows: number;
  files: number;
  /** Files deleted while the backup ran (their row is gone now too). */
  missingFiles: string[];
  /** Files whose row exists but whose bytes this instance's storage does not hold. */
  notInStorage: string[];
  filesIncluded: boolean;
  storage: 'disk' | 's3';
  secretsIncluded: boolean;
  bytes: number;
  snapshotMs: number;
}

const sha256 = () => createHash('sha256');

/** Writes a table's rows to a file, hashing them on the way; answers size and checksum. */
async function dumpTable(tx: Db, table: string, file: string) {
  const out = createWriteStream(file, { mode: 0o600 });
  const hash = sha256();
  let size = 0;
  const rows = await readRows(tx, table, async (lines) => {
    const chunk = Buffer.from(`${lines.join('\n')}\n`, 'utf8');
    hash.update(chunk);
    size += chunk.length;
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  });
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return { rows, size, sha256: hash.digest('hex') };
}

/** Adds one entry to the tar from a stream of known size; answers its sha256. */
async function addEntry(pack: tar.Pack, name: string, size: number, source: NodeJS.ReadableStream) {
  const hash = sha256();
  const tap = new PassThrough();
  tap.on('data', (chunk: Buffer) => hash.update(chunk));
  const entry = pack.entry({ name, size, mode: 0o600, mtime: new Date() });
  await pipeline(source, tap, entry);
  return hash.digest('hex');
}

/**
 * Streams a backup archive into `out`: the database read inside one REPEATABLE READ READ ONLY
 * transaction (one consistent snapshot; on the embedded database nothing else runs meanwhile),
 * then the files that snapshot names, the secrets when asked, the manifest and its signature last.
 */
export async function writeBackup(
  deps: BackupDeps,
  out: Writable,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  const staging = await fs.mkdtemp(path.join(os.tmpdir(), 'respaldo-'));
  try {
    const entries: Manifest['entries'] = {};
    const tables: Manifest['tables'] = [];
    const started = Date.now();
    const snapshot = await deps.db.transaction(
      async (tx) => {
        const names = await listTables(tx);
        for (const name of names) {
          const dumped = await dumpTable(tx as unknown as Db, name, path.join(staging, `${name}.jsonl`));
          entries[tableEntry(name)] = { sha256: dumped.sha256, size: dumped.size };
          tables.push({ name, rows: dumped.rows });
        }
        return {
          migrations: await appliedMigrations(tx),
          sequences: await listSequences(tx),
          keys: await storageKeys(tx),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    const snapshotMs = Date.now() - started;

    const pack = tar.pack();
    let bytes = 0;
    const counter = new PassThrough();
    counter.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    const written = pipeline(pack, createGzip(), counter, out);
    written.catch(() => undefined); // awaited below; the entries' own writes fail first
    try {
      for (const { name } of tables) {
        const file = path.join(staging, `${name}.jsonl`);
        const entry = entries[tableEntry(name)];
        if (!entry) throw new Error(`falta ${name}`);
        await addEntry(pack, tableEntry(name), entry.size, createReadStream(file));
        await fs.rm(file);
      }
      const filesIncluded = deps.storage.kind === 'disk' || Boolean(options.withFiles);
      const absent: string[] = [];
      let copied = 0;
      if (filesIncluded) {
        for (const key of snapshot.keys) {
          const copiedEntry = await copyStoredFile(deps, pack, key);
          if (copiedEntry) {
            entries[fileEntry(key)] = copiedEntry;
            copied += 1;
          } else absent.push(key);
        }
      }
      // Bytes not found are one of two things, told apart by asking the database now: a file
      // deleted since the snapshot (its row is gone too), or bytes this storage never had (the row
      // is still there: another instance with its own disk received the upload).
      const stillNamed = absent.length ? await keysStillNamed(deps.db, absent) : new Set<string>();
      const missing = absent.filter((key) => !stillNamed.has(key));
      const notInStorage = absent.filter((key) => stillNamed.has(key));
      const secretsIncluded = Boolean(options.withSecrets);
      if (secretsIncluded) {
        const bytesOfSecrets = Buffer.from(JSON.stringify(deps.secrets(), null, 2), 'utf8');
        const digest = await addEntry(pack, SECRETS_ENTRY, bytesOfSecrets.length, bufferStream(bytesOfSecrets));
        entries[SECRETS_ENTRY] = { sha256: digest, size: bytesOfSecrets.length };
      }
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        formatVersion: FORMAT_VERSION,
        appVersion: deps.appVersion,
        createdAt: new Date().toISOString(),
        database: deps.kind,
        migrations: snapshot.migrations,
        tables,
        sequences: snapshot.sequences,
        files: { storage: deps.storage.kind, included: filesIncluded, count: copied, missing, notInStorage },
        secretsIncluded,
        entries,
      };
      const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2), 'utf8');
      await addEntry(pack, MANIFEST_ENTRY, manifestBytes.length, bufferStream(manifestBytes));
      const signature = Buffer.from(JSON.stringify(signManifest(manifestBytes, deps.encryptionKey)), 'utf8');
      await addEntry(pack, SIGNATURE_ENTRY, signature.length, bufferStream(signature));
      pack.finalize();
      await written;
      return {
        tables: tables.length,
        rows: tables.reduce((sum, table) => sum + table.rows, 0),
        files: copied,
        missingFiles: missing,
        notInStorage,
        filesIncluded,
        storage: deps.storage.kind,
        secretsIncluded,
        bytes,
        snapshotMs,
      };
    } catch (error) {
      pack.destroy(error as Error);
      await written.catch(() => undefined);
      throw error;
    }
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

function bufferStream(bytes: Buffer) {
  const stream = new PassThrough();
  stream.end(bytes);
  return stream;
}

/** Streams one stored file into the archive, as stored; null when its bytes are gone (deleted after the snapshot). */
async function copyStoredFile(deps: BackupDeps, pack: tar.Pack, key: string) {
  const source = await openWhole(deps.storage, key);
  if (!source) return null;
  return { sha256: await addEntry(pack, fileEntry(key), source.size, source.stream), size: source.size };
}

/**
 * A stored file's bytes as they lie, as a stream of known size; null when nothing is stored. The
 * file is opened before its size is read, so a removal meanwhile cannot take the bytes away (on S3
 * the object's version is held by its ETag: one the at-rest job replaced meanwhile is opened again).
 */
async function openWhole(storage: RawFileStorage, key: string, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const stored = await storage.openStored(key, 0);
    if (!stored) return null;
    if (stored.size === 0) {
      await stored.close();
      return { size: 0, stream: bufferStream(Buffer.alloc(0)) };
    }
    try {
      return { size: stored.size, stream: await stored.stream(0, stored.size - 1) };
    } catch (error) {
      if (!(error instanceof StoredObjectChangedError) || attempt >= attempts) throw error;
    }
  }
}

/** `respaldo-2026-11-24-003810.tar.gz`: the date and time in Santiago, as the firm reads it. */
export function archiveName(now: Date, prefix = 'respaldo-'): string {
  const { year, month, day, hour, minute, second } = santiagoWallClock(now);
  return `${prefix}${year}-${month}-${day}-${hour}${minute}${second}.tar.gz`;
}

/**
 * Writes a backup into `dir` under a temporary name and renames it when complete (a half-written
 * archive never carries the final name); answers its path and what it holds.
 */
export async function backupToFile(
  deps: BackupDeps,
  dir: string,
  options: BackupOptions = {},
  naming: { now?: Date; prefix?: string } = {},
) {
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const base = archiveName(naming.now ?? new Date(), naming.prefix);
  const temporary = path.join(dir, `.${base}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    const summary = await writeBackup(deps, createWriteStream(temporary, { mode: 0o600, flags: 'wx' }), options);
    let target = path.join(dir, base);
    for (let n = 2; await exists(target); n += 1) target = path.join(dir, base.replace('.tar.gz', `-${n}.tar.gz`));
    await fs.rename(temporary, target);
    return { path: target, summary };
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/** Keys for a message: the first twenty, and how many more (hundreds of keys help nobody). */
export const listed = (keys: string[]) =>
  keys.length > 20 ? `${keys.slice(0, 20).join(', ')} y ${keys.length - 20} más` : keys.join(', ');

/** The lines a backup prints before its path: what it holds, and what it does not. */
export function describeBackup(summary: BackupSummary): string[] {
  const lines = [
    `Respaldo listo: ${summary.tables} tablas, ${summary.rows} ${summary.rows === 1 ? 'fila' : 'filas'}, ${summary.files} ${summary.files === 1 ? 'archivo' : 'archivos'}, ${(summary.bytes / 1024 / 1024).toFixed(1)} MB (base de datos leída en ${(summary.snapshotMs / 1000).toFixed(1)} s).`,
  ];
  if (summary.storage === 's3' && !summary.filesIncluded) {
    lines.push(
      'Los archivos están en S3 y no se copiaron: el versionado del bucket los conserva (usa --with-files para copiarlos al respaldo).',
    );
  }
  if (summary.notInStorage.length) {
    const where = summary.storage === 'disk' ? 'en el disco de esta instancia' : 'en el bucket S3';
    lines.push(
      `Aviso: ${summary.notInStorage.length} archivo(s) siguen registrados en la base de datos pero sus bytes no están ${where}, así que el respaldo no los incluye (no se eliminaron). Si hay varias instancias con almacenamiento en disco, cada una guarda solo los archivos que recibió: usa S3 (S3_*) en todas. Claves: ${listed(summary.notInStorage)}`,
    );
  }
  if (summary.missingFiles.length) {
    lines.push(
      `Aviso: ${summary.missingFiles.length} archivo(s) se eliminaron mientras se hacía el respaldo y no se incluyeron: ${listed(summary.missingFiles)}`,
    );
  }
  if (!summary.secretsIncluded) {
    lines.push(
      'Sin secretos: los archivos (van cifrados, como están guardados), las claves de portales y los tokens del calendario solo se pueden leer después de restaurar con la misma ENCRYPTION_KEY (guárdala aparte, o usa --with-secrets para incluirla en el respaldo).',
    );
  } else {
    lines.push('Incluye secrets.json (claves de cifrado y de sesión): guarda este archivo en un lugar seguro.');
  }
  return lines;
}
