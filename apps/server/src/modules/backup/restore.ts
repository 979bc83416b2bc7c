import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { recordActivity } from '../../db/activity-log.ts';
import { type Db, MIGRATIONS_DIR } from '../../db/client.ts';
import { SYSTEM_ACTOR } from '../../lib/activity-actor.ts';
import { createFileKeyring, HEADER_BYTES, headerKey, isEncrypted } from '../../lib/file-storage/file-encryption.ts';
import { createRawFileStorage, type FileStorageSettings } from '../../lib/file-storage/file-storage.ts';
import {
  ARCHIVE_FORMAT,
  BackupError,
  entryKind,
  FORMAT_VERSION,
  MANIFEST_ENTRY,
  type Manifest,
  ManifestSchema,
  SIGNATURE_ENTRY,
  tableEntry,
} from './archive.ts';
import {
  addForeignKey,
  clearTable,
  countRows,
  dropEverything,
  dropForeignKey,
  foreignKeys,
  hasTables,
  insertRows,
  listTables,
  setSequence,
  setUserTriggers,
  storedFiles,
} from './backup.repository.ts';
import { checkSignature, firmEncryptionKey, type SignatureCheck, UNVERIFIED_LABELS } from './signature.ts';
import { openTarget, type RestoreTarget } from './target.ts';

const MANIFEST_MAX = 64 * 1024 * 1024;
const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

interface Staged {
  dir: string;
  manifest: Manifest;
  /** What the manifest's signature says; anything but `verified` was accepted on the operator's word. */
  signature: SignatureCheck;
  /** Staged entry name → file in `dir`. */
  files: Map<string, string>;
}

const refused = (archive: string, why: string) =>
  new BackupError(`No se restauró nada: ${archive} ${why}. No se cambió nada.`);

/** Whose archives a restore trusts: those signed with the firm's key, or any on the operator's word. */
export interface ArchiveTrust {
  /** The firm's ENCRYPTION_KEY as this machine holds it (signature.ts's firmEncryptionKey); null when it has none. */
  encryptionKey: Buffer | null;
  /** --accept-unsigned: restore an archive whose signature cannot be verified (the restore says so and logs it). */
  acceptUnsigned?: boolean;
}

const ACCEPT_HINT = 'Si confías en su origen, restáuralo con --accept-unsigned (queda registrado)';

/** Why an archive whose signature is not the firm's is refused, and what the operator can do. */
function unverified(archive: string, check: Exclude<SignatureCheck, 'verified'>, hasKey: boolean) {
  if (check === 'altered') {
    return refused(
      archive,
      'fue modificado después de hacerse: su manifest.json no es el que firmó el estudio (alguien cambió su contenido y recalculó las sumas de verificación)',
    );
  }
  if (check === 'unsigned') {
    return refused(
      archive,
      `no está firmado (lo hizo una versión anterior, o alguien le quitó la firma), así que no se puede comprobar que no fue modificado. ${ACCEPT_HINT}`,
    );
  }
  if (!hasKey) {
    return refused(
      archive,
      `no se puede verificar: este equipo no tiene la clave del estudio (ni ENCRYPTION_KEY ni DATA_DIR/secrets.json). Define ENCRYPTION_KEY con la del servidor de origen, o copia su secrets.json a DATA_DIR. ${ACCEPT_HINT}`,
    );
  }
  return refused(
    archive,
    `está firmado con otra clave, no con la ENCRYPTION_KEY de este estudio: viene de otra instalación, o este equipo no tiene la clave del servidor de origen (defínela en ENCRYPTION_KEY). ${ACCEPT_HINT}`,
  );
}

/**
 * Reads the whole archive into a temporary folder, checking every entry against the manifest
 * (present, known format, sha256 and size). Nothing of the target is touched here: a truncated,
 * corrupted or foreign archive is refused with the staging folder removed.
 */
export async function stageArchive(archive: string, trust: ArchiveTrust): Promise<Staged> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'restaurar-'));
  const files = new Map<string, string>();
  const seen = new Map<string, { sha256: string; size: number }>();
  let manifestText: string | null = null;
  let manifestBytes: Buffer | null = null;
  let signatureText: string | null = null;
  try {
    await fs.access(archive).catch(() => {
      throw refused(archive, 'no existe o no se puede leer');
    });
    const extract = tar.extract();
    const feeding = pipeline(createReadStream(archive), createGunzip(), extract);
    feeding.catch(() => undefined); // awaited below
    try {
      let index = 0;
      for await (const entry of extract) {
        const name = entry.header.name;
        if (entry.header.type !== 'file') throw new Error(`entrada inesperada ${name}`);
        if (
          seen.has(name) ||
          (name === MANIFEST_ENTRY && manifestText !== null) ||
          (name === SIGNATURE_ENTRY && signatureText !== null)
        )
          throw new Error(`entrada repetida ${name}`);
        if (name === MANIFEST_ENTRY || name === SIGNATURE_ENTRY) {
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const chunk of entry as AsyncIterable<Buffer>) {
            size += chunk.length;
            if (size > MANIFEST_MAX) throw new Error(`${name} demasiado grande`);
            chunks.push(chunk);
          }
          if (name === SIGNATURE_ENTRY) signatureText = Buffer.concat(chunks).toString('utf8');
          else {
            manifestBytes = Buffer.concat(chunks);
            manifestText = manifestBytes.toString('utf8');
          }
          continue;
        }
        if (!entryKind(name)) throw new Error(`entrada desconocida ${name}`);
        const file = path.join(dir, String(index++));
        const hash = createHash('sha256');
        let size = 0;
        const tap = new PassThrough();
        tap.on('data', (chunk: Buffer) => {
          hash.update(chunk);
          size += chunk.length;
        });
        await pipeline(entry, tap, createWriteStream(file, { mode: 0o600 }));
        seen.set(name, { sha256: hash.digest('hex'), size });
        files.set(name, file);
      }
      await feeding;
    } catch (error) {
      extract.destroy();
      await feeding.catch(() => undefined);
      throw refused(archive, `no es un respaldo válido o está incompleto (${(error as Error).message})`);
    }
    if (manifestText === null || manifestBytes === null)
      throw refused(archive, 'no contiene manifest.json: no es un respaldo de Estudio Contable');
    let raw: unknown;
    try {
      raw = JSON.parse(manifestText);
    } catch {
      throw refused(archive, 'tiene un manifest.json ilegible');
    }
    const format = (raw as { format?: unknown; formatVersion?: unknown }) ?? {};
    if (format.format !== ARCHIVE_FORMAT) throw refused(archive, 'no es un respaldo de Estudio Contable');
    if (typeof format.formatVersion !== 'number' || format.formatVersion > FORMAT_VERSION) {
      throw refused(archive, `tiene un formato (${String(format.formatVersion)}) que esta versión no conoce`);
    }
    // Before anything the manifest says is believed: its checksums vouch for the rest only if it is the firm's.
    const signature = checkSignature(manifestBytes, signatureText, trust.encryptionKey);
    if (signature !== 'verified' && !trust.acceptUnsigned)
      throw unverified(archive, signature, Boolean(trust.encryptionKey));
    const parsed = ManifestSchema.safeParse(raw);
    if (!parsed.success) throw refused(archive, 'tiene un manifest.json inválido');
    const manifest = parsed.data;
    for (const [name, expected] of Object.entries(manifest.entries)) {
      const found = seen.get(name);
      if (!found) throw refused(archive, `está incompleto: falta ${name}`);
      if (found.size !== expected.size || found.sha256 !== expected.sha256) {
        throw refused(archive, `está dañado: ${name} no coincide con su suma de verificación`);
      }
    }
    for (const name of seen.keys()) {
      if (!manifest.entries[name]) throw refused(archive, `tiene una entrada que su manifest no declara (${name})`);
    }
    for (const table of manifest.tables) {
      if (!manifest.entries[tableEntry(table.name)])
        throw refused(archive, `está incompleto: falta la tabla ${table.name}`);
    }
    if (manifest.secretsIncluded !== seen.has('secrets.json'))
      throw refused(archive, 'tiene un manifest.json inválido');
    return { dir, manifest, signature, files };
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/** The current code's migrations, and how many of them the archive's database had applied. */
async function migrationsToApply(manifest: Manifest) {
  const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  const applied = manifest.migrations;
  if (applied.length > journal.entries.length) {
    throw new BackupError(
      `No se restauró nada: el respaldo viene de una versión más nueva de la aplicación (${manifest.appVersion}, ${applied.length} migraciones; esta conoce ${journal.entries.length}). Actualiza la aplicación primero. No se cambió nada.`,
    );
  }
  applied.forEach((migration, i) => {
    if (String(journal.entries[i]?.when) !== migration.createdAt) {
      throw new BackupError(
        `No se restauró nada: las migraciones del respaldo no coinciden con las de esta versión (la ${i + 1}.ª difiere). No se cambió nada.`,
      );
    }
  });
  return { journal, applied: applied.length };
}

/** A migrations folder holding only the first `count` migrations: the archive's schema, to load its rows into. */
async function partialMigrations(journal: { entries: JournalEntry[] }, count: number) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migraciones-'));
  await fs.mkdir(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, count);
  await fs.writeFile(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries)
    await fs.copyFile(path.join(MIGRATIONS_DIR, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

/** Every row of the archive into the (migrated, empty) database, in one transaction. */
async function loadRows(db: Db, staged: Staged) {
  const { manifest } = staged;
  await db.transaction(async (tx) => {
    const tables = await listTables(tx);
    const expected = manifest.tables.map((table) => table.name).sort();
    if (JSON.stringify(tables) !== JSON.stringify(expected)) {
      throw new BackupError(
        `Las tablas del respaldo no coinciden con las de la base de datos migrada (${expected.join(', ')} / ${tables.join(', ')}).`,
      );
    }
    // Foreign keys are dropped while loading (rows arrive table by table, a folder may name a parent
    // loaded later) and added back at the end, which checks every row against them.
    const keys = await foreignKeys(tx);
    for (const key of keys) await dropForeignKey(tx, key.table, key.name);
    for (const table of tables) {
      await setUserTriggers(tx, table, false);
      await clearTable(tx, table); // rows a migration seeded (version counters) come from the archive
    }
    for (const table of manifest.tables) {
      const file = staged.files.get(tableEntry(table.name));
      if (!file) throw new Error(`falta ${table.name}`);
      let batch: string[] = [];
      let bytes = 0;
      const lines = readline.createInterface({
        input: createReadStream(file, 'utf8'),
        crlfDelay: Number.POSITIVE_INFINITY,
      });
      for await (const line of lines) {
        if (!line) continue;
        batch.push(line);
        bytes += line.length;
        if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
          await insertRows(tx, table.name, batch);
          batch = [];
          bytes = 0;
        }
      }
      await insertRows(tx, table.name, batch);
      const count = await countRows(tx, table.name);
      if (count !== table.rows)
        throw new Error(`${table.name}: ${count} filas cargadas, el respaldo dice ${table.rows}`);
    }
    for (const key of keys) await addForeignKey(tx, key.table, key.name, key.definition);
    for (const table of tables) await setUserTriggers(tx, table, true);
    for (const sequence of manifest.sequences)
      await setSequence(tx, sequence.name, sequence.lastValue, sequence.isCalled);
  });
}

/** The first bytes of a staged file: enough to tell an encrypted one and the key its header names. */
async function headOf(file: string): Promise<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    const head = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEADER_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The ENCRYPTION_KEY the restored instance will open its files with: the variable, else the
 * archive's secrets.json when it carries one (the restore writes it into DATA_DIR), else the
 * secrets.json already in DATA_DIR; null when there will be none yet (the server would make a new one).
 */
async function keyAfterRestore(settings: RestoreOptions['settings'], staged: Staged): Promise<Buffer | null> {
  if (settings.ENCRYPTION_KEY) return Buffer.from(settings.ENCRYPTION_KEY, 'base64');
  const carried = staged.files.get('secrets.json');
  if (carried) {
    const secrets = JSON.parse(await fs.readFile(carried, 'utf8')) as { encryptionKey?: unknown };
    if (typeof secrets.encryptionKey === 'string') return Buffer.from(secrets.encryptionKey, 'base64');
  }
  return firmEncryptionKey({ DATA_DIR: settings.DATA_DIR });
}

/**
 * Files travel in the archive encrypted as they were stored: before anything changes, every
 * encrypted one is checked to name a key the restored instance will hold (ENCRYPTION_KEY, and
 * PREVIOUS_ENCRYPTION_KEY during a rotation). Without it they could never be opened: refused.
 * Answers how many are encrypted.
 */
async function checkFileKeys(archive: string, staged: Staged, settings: RestoreOptions['settings']) {
  const key = await keyAfterRestore(settings, staged);
  const keys = key
    ? createFileKeyring(
        key,
        settings.PREVIOUS_ENCRYPTION_KEY ? Buffer.from(settings.PREVIOUS_ENCRYPTION_KEY, 'base64') : undefined,
      )
    : null;
  let encrypted = 0;
  let foreign = 0;
  for (const [name, file] of staged.files) {
    if (entryKind(name)?.kind !== 'file') continue;
    const head = await headOf(file);
    if (!isEncrypted(head)) continue;
    encrypted += 1;
    let known = false;
    try {
      known = keys !== null && headerKey(head, keys) !== null;
    } catch {
      // A damaged header travels as it was stored: its download says so, as it did before the backup.
      known = true;
    }
    if (!known) foreign += 1;
  }
  if (foreign === 0) return encrypted;
  const where = key
    ? 'están cifrados con otra clave que la ENCRYPTION_KEY con que esta instalación abrirá sus archivos (la variable ENCRYPTION_KEY, o el secrets.json del respaldo o de DATA_DIR)'
    : 'están cifrados y esta instalación no tendrá la clave del estudio (ni ENCRYPTION_KEY, ni secrets.json en el respaldo o en DATA_DIR)';
  throw refused(
    archive,
    `tiene ${foreign} ${foreign === 1 ? 'archivo que' : 'archivos que'} ${where}, así que no se podrían abrir. Define ENCRYPTION_KEY con la del servidor de origen (o copia su secrets.json a DATA_DIR) y restaura de nuevo`,
  );
}

export interface RestoreOptions {
  archive: string;
  target: RestoreTarget;
  /**
   * Where the files go (DATA_DIR/files, or S3), where secrets.json is written, and the firm's key
   * that verifies the signature and will open the files (with the previous one during a rotation).
   */
  settings: FileStorageSettings & { ENCRYPTION_KEY?: string; PREVIOUS_ENCRYPTION_KEY?: string };
  force?: boolean;
  /** Restore an archive whose signature is missing or not the firm's; the restored activity log records it. */
  acceptUnsigned?: boolean;
}

export interface RestoreSummary {
  tables: number;
  rows: number;
  files: number;
  secretsRestored: boolean;
  /** Where the data that --force replaced was moved (embedded database). */
  setAside: string[];
  manifest: Manifest;
  /** `verified`, or what was accepted with acceptUnsigned. */
  signature: SignatureCheck;
  /** How many stored files the restored database names. */
  fileRows: number;
  /** Those whose bytes the target's storage does not hold after the restore: their downloads will fail. */
  filesWithoutBytes: { key: string; name: string }[];
  /** How many of the archive's files came encrypted (the others, plain from before, are encrypted by the at-rest job). */
  encryptedFiles: number;
}

/**
 * The restored database's own record that it came from an archive nobody vouched for: the firm
 * finds it in 'Actividad' long after the console output is gone.
 */
async function recordUnverifiedRestore(db: Db, archive: string, check: Exclude<SignatureCheck, 'verified'>) {
  await recordActivity(db, SYSTEM_ACTOR, {
    kind: 'backup',
    action: 'restored',
    recordLabel: path.basename(archive),
    details: {
      after: { archivo: path.basename(archive), firma: UNVERIFIED_LABELS[check], aceptadoPorElOperador: true },
    },
  });
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/**
 * Restores an archive: verifies all of it first, refuses a non-empty target unless `force`, then
 * migrates to the archive's schema, loads every row in one transaction, applies the newer
 * migrations of this version, writes the files and, when included, secrets.json.
 */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreSummary> {
  const staged = await stageArchive(options.archive, {
    encryptionKey: firmEncryptionKey(options.settings),
    acceptUnsigned: options.acceptUnsigned,
  });
  try {
    const { journal, applied } = await migrationsToApply(staged.manifest);
    const encryptedFiles = await checkFileKeys(options.archive, staged, options.settings);
    const opened = await openTarget(options.target, {
      force: Boolean(options.force),
      isEmpty: (db) => hasTables(db).then((found) => !found),
      makeEmpty: dropEverything,
      setAsideName: `antes-de-restaurar-${stamp()}`,
    });
    const partial = await partialMigrations(journal, applied);
    let fileRows: { key: string; name: string }[];
    try {
      await opened.migrate(partial);
      await loadRows(opened.db, staged);
      await opened.migrate(MIGRATIONS_DIR);
      if (staged.signature !== 'verified') await recordUnverifiedRestore(opened.db, options.archive, staged.signature);
      fileRows = await storedFiles(opened.db);
    } catch (error) {
      await opened.failed();
      throw error;
    } finally {
      await fs.rm(partial, { recursive: true, force: true });
    }
    await opened.close();

    // The bytes as they travelled: encrypted files stay encrypted, opened by the restored instance's key.
    const storage = createRawFileStorage(options.settings);
    let files = 0;
    for (const [name, file] of staged.files) {
      const kind = entryKind(name);
      if (kind?.kind !== 'file') continue;
      await storage.write(kind.key, createReadStream(file));
      files += 1;
    }
    // Every row checked against what the storage holds now (the archive's files, or the bucket's
    // own when they were not copied): a row without bytes is a download that will fail.
    const held = new Set<string>();
    for await (const stored of storage.list()) held.add(stored.key);
    const filesWithoutBytes = fileRows.filter((row) => !held.has(row.key));
    const setAside = [...opened.setAside];
    const secrets = staged.files.get('secrets.json');
    if (secrets) {
      const target = path.join(options.settings.DATA_DIR, 'secrets.json');
      await fs.mkdir(options.settings.DATA_DIR, { recursive: true });
      const previous = await fs.readFile(target).catch(() => null);
      const next = await fs.readFile(secrets);
      if (previous && !previous.equals(next)) {
        const aside = `${target}.antes-de-restaurar-${stamp()}`;
        await fs.rename(target, aside);
        setAside.push(aside);
      }
      await fs.writeFile(target, next, { mode: 0o600 });
      await fs.chmod(target, 0o600);
    }
    return {
      tables: staged.manifest.tables.length,
      rows: staged.manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      files,
      secretsRestored: Boolean(secrets),
      setAside,
      manifest: staged.manifest,
      signature: staged.signature,
      fileRows: fileRows.length,
      filesWithoutBytes,
      encryptedFiles,
    };
  } finally {
    await fs.rm(staged.dir, { recursive: true, force: true });
  }
}
