import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assembleApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { type Db, openDatabase } from '../../db/client.ts';
import { createScratchDatabase } from '../../db/scratch-database.ts';
import { pngLogo } from '../../demo/demo-logo.ts';
import { MAGIC, storedSizeOf } from '../../lib/file-storage/file-encryption.ts';
import { monthlyBoardCell, nextRut, uploadFolder } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, OWNER, TEST_KEYS, type TestApp } from '../../test/test-app.ts';
import { whatsappOutbox } from '../whatsapp/whatsapp.tables.ts';
import { FIRM, rewriteArchive } from './archive.fixture.ts';
import { BackupError, entryKind } from './archive.ts';
import { listTables } from './backup.repository.ts';
import { describeBackup, writeBackup } from './backup.service.ts';
import { restoreArchive, stageArchive } from './restore.ts';

// Each restore into the embedded database creates a new one: from a dump of initdb, not initdb itself.
vi.mock('@electric-sql/pglite', async (importOriginal) =>
  (await import('../../test/pglite-template.ts')).withInitdbTemplate(await importOriginal()),
);

let t: TestApp;
let token: string;
let folderId: number;
let board: Awaited<ReturnType<typeof monthlyBoardCell>>;
const scratchDirs: string[] = [];

async function scratchDir(name: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `${name}-`));
  scratchDirs.push(dir);
  return dir;
}

/** A PDF whose bytes say which one it is, with a stretch of every byte value (binary content survives). */
const pdf = (n: number) =>
  Buffer.concat([tinyPdf(`archivo ${n}`), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), tinyPdf()]);

async function ok(response: { statusCode: number; body: string }, status = 201) {
  expect(response.statusCode, response.body).toBe(status);
  return JSON.parse(response.body);
}

/** One of every kind of write: a company, a credential, a board cell, an upload, a message with an attachment. */
async function writeOneOfEach(n: number) {
  await ok(
    await t.request({
      method: 'POST',
      url: '/api/business',
      token,
      payload: {
        name: `Empresa ${n}`,
        razonSocial: `Empresa ${n} SpA`,
        rut: nextRut().typed,
        startContract: '2023-01-01',
        endContract: '2030-12-31',
        legalRepresentative: 'Ana Pérez',
        contact: `pagos${n}@empresa.cl`,
      },
    }),
  );
  await ok(
    await t.request({
      method: 'POST',
      url: '/api/password',
      token,
      payload: { user: `usuario${n}`, portal: 'sii', password: `Clave ñandú ${n} ✓`, businessId: board.businessId },
    }),
  );
  await ok(await board.change(token, n % 2), 200);
  await ok(
    await t.request({
      method: 'POST',
      url: `/api/business-folder/${folderId}/file`,
      token,
      ...multipartFiles([{ name: `documento-${n}.pdf`, bytes: pdf(n) }]),
    }),
  );
  await ok(
    await t.request({
      method: 'POST',
      url: `/api/messages/business/${board.businessId}`,
      token,
      ...multipartFiles([{ name: `adjunto-${n}.pdf`, bytes: pdf(n + 1000) }], { text: `Mensaje ${n}` }),
    }),
  );
}

/** Every row of every table as PostgreSQL writes it, sorted: two databases hold the same rows iff these are equal. */
async function everyRow(db: Db): Promise<Record<string, string[]>> {
  const result: Record<string, string[]> = {};
  for (const table of await listTables(db)) {
    // The tests call the app after taking the archive; past a minute (a slow machine) that notes
    // the session's use again, so when it was last used may differ, not which sessions there are.
    const row =
      table === 'session_uses' ? `json_build_object('session_id', t.session_id, 'ip', t.ip)` : 'row_to_json(t)';
    const found = (await db.execute(sql.raw(`SELECT ${row}::text AS j FROM "public"."${table}" t`))) as unknown as {
      rows: { j: string }[];
    };
    result[table] = found.rows.map((row) => row.j).sort();
  }
  return result;
}

/** Every stored file under a DATA_DIR, key → bytes. */
async function everyFile(dataDir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const root = path.join(dataDir, 'files');
  for (const folder of await fs.readdir(root).catch(() => [] as string[])) {
    for (const name of await fs.readdir(path.join(root, folder))) {
      files.set(name, await fs.readFile(path.join(root, folder, name)));
    }
  }
  return files;
}

/** Names, sizes and modification times of everything under a directory: "nothing changed" means this is the same. */
async function treeOf(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])) {
    const file = path.join(entry.parentPath, entry.name);
    const stat = await fs.stat(file);
    found.push(`${path.relative(dir, file)} ${stat.isFile() ? stat.size : 'dir'} ${stat.mtimeMs}`);
  }
  return found.sort();
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.ownerToken();
  board = await monthlyBoardCell(t);
  folderId = await uploadFolder(t);
  // The firm's logo is bytes in a row (bytea): it must come back byte for byte too.
  const logo = await t.request({
    method: 'PUT',
    url: '/api/firm/logo',
    token,
    ...multipartFiles([{ name: 'logo.png', bytes: pngLogo() }]),
  });
  expect(logo.statusCode, logo.body).toBe(200);
  // A company's WhatsApp number and consent, and a notice of its outbox: rows of the WhatsApp module's tables.
  const whatsapp = await t.request({
    method: 'PUT',
    url: `/api/business/${board.businessId}/whatsapp`,
    token,
    payload: { phone: '+56 9 1234 5678', optedIn: true },
  });
  expect(whatsapp.statusCode, whatsapp.body).toBe(200);
  await t.database.db.insert(whatsappOutbox).values({
    kind: 'approval',
    subjectId: 1,
    businessId: board.businessId,
    phone: '+56912345678',
    template: 'aprobacion_pendiente',
    language: 'es',
    params: ['Empresa', 'Balance 2025', 'https://estudio.example.cl/aprobaciones/1'],
    status: 'sent',
    attempts: 1,
    waMessageId: 'wamid.respaldo',
  });
  // A payment receipt a client sent: a stored file named by a billing payment, not by a document.
  const client = await t.userWithRole('client', { businessId: board.businessId });
  const receipt = await t.request({
    method: 'POST',
    url: '/api/billing/my/receipts',
    token: client.token,
    ...multipartFiles([{ name: 'transferencia.pdf', bytes: pdf(7777) }], { amount: '45.000', date: '2026-01-15' }),
  });
  expect(receipt.statusCode, receipt.body).toBe(201);
});

afterAll(async () => {
  await t?.close();
  for (const dir of scratchDirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let during: string;
  let after: string;

  it('takes a consistent backup during a burst of writes of every kind, and another once they stop', async () => {
    for (let n = 0; n < 3; n += 1) await writeOneOfEach(n);
    const backups = await scratchDir('respaldos');
    let writing = true;
    let written = 0;
    const burst = (async () => {
      while (writing) {
        await writeOneOfEach(100 + written);
        written += 1;
      }
    })();
    // The backup starts once the burst is under way, and the burst goes on at least until it ends.
    while (written < 2) await new Promise((resolve) => setImmediate(resolve));
    const made = await t.modules.backup.toFile({ withSecrets: true });
    const writtenDuring = written;
    writing = false;
    await burst;
    expect(writtenDuring).toBeGreaterThanOrEqual(2);
    during = path.join(backups, 'durante.tar.gz');
    await fs.rename(made.path, during);
    expect(path.basename(made.path)).toMatch(/^respaldo-\d{4}-\d{2}-\d{2}-\d{6}\.tar\.gz$/);

    // The snapshot is consistent: every file a row names is in the archive, as stored (encrypted: its
    // size is the plaintext's with the header and each chunk's tag).
    const staged = await stageArchive(during, FIRM);
    try {
      const fileRows = await fs.readFile(staged.files.get('db/business_files.jsonl') ?? '', 'utf8');
      const rows = fileRows
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { storage_key: string; size: number });
      expect(rows.length).toBeGreaterThanOrEqual(5);
      for (const row of rows) {
        expect(staged.manifest.entries[`files/${row.storage_key}`]?.size).toBe(storedSizeOf(row.size));
        const bytes = await fs.readFile(staged.files.get(`files/${row.storage_key}`) ?? '');
        expect(bytes.subarray(0, MAGIC.length)).toEqual(MAGIC);
        expect(bytes.includes('%PDF')).toBe(false);
      }
      // The messages' attachments too.
      const attachmentRows = (await fs.readFile(staged.files.get('db/message_attachments.jsonl') ?? '', 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { storage_key: string; size: number });
      expect(attachmentRows.length).toBeGreaterThanOrEqual(2);
      for (const row of attachmentRows) {
        expect(staged.manifest.entries[`files/${row.storage_key}`]?.size).toBe(storedSizeOf(row.size));
      }
      expect(staged.manifest.files.missing).toEqual([]);
      expect(staged.manifest.secretsIncluded).toBe(true);
    } finally {
      await fs.rm(staged.dir, { recursive: true, force: true });
    }

    // The burst's last requests may still be noting their session's use: the snapshot waits for them.
    await t.modules.sessions.settled();
    const quiet = await t.modules.backup.toFile({ withSecrets: true });
    after = quiet.path;
    // Each write uploaded a document and a message's attachment; beside them, the client's receipt.
    expect(quiet.summary.files).toBe(2 * (3 + written) + 1);
  });

  // Each restore creates and migrates a new embedded database: seconds each, more on a busy machine.
  it('restores into a fresh embedded database: every row and file byte for byte, portal passwords readable', {
    timeout: 120_000,
  }, async () => {
    const dataDir = path.join(await scratchDir('restaurado'), 'data');
    const restored = await restoreArchive({
      archive: after,
      target: { kind: 'pglite', dataDir },
      settings: loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: TEST_KEYS.encryptionKey }),
    });
    expect(restored.secretsRestored).toBe(true);
    expect(restored.signature).toBe('verified');

    const files = await everyFile(dataDir);
    expect(files).toEqual(await everyFile(t.dataDir));
    expect(files.size).toBeGreaterThan(3);

    // Opened once (seconds on a busy machine): its rows are compared, then the restored firm starts
    // on it, signs in, and reads its portal passwords with the restored keys.
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const restoredRows = await everyRow(database.db);
      expect(restoredRows).toEqual(await everyRow(t.database.db));
      expect([restoredRows.whatsapp_contacts?.length, restoredRows.whatsapp_outbox?.length]).toEqual([1, 1]);
    } catch (error) {
      await database.close();
      throw error;
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    });
    const { app, modules } = await assembleApp({ config, database });
    try {
      // Every file opens with the restored keys, byte for byte as the original opens it.
      expect(restored.encryptedFiles).toBe(files.size);
      for (const key of files.keys()) {
        const opened = await modules.storage.get(key);
        expect(opened?.length).toBeGreaterThan(0);
        expect(opened?.equals((await t.modules.storage.get(key)) ?? Buffer.alloc(0))).toBe(true);
      }
      const login = await app.inject({ method: 'POST', url: '/api/login', payload: OWNER });
      const restoredToken = (await ok(login, 200)).token;
      const list = await app.inject({
        method: 'GET',
        url: `/api/password?businessId=${board.businessId}`,
        headers: { authorization: `Bearer ${restoredToken}` },
      });
      const original = await t.request({ method: 'GET', url: `/api/password?businessId=${board.businessId}`, token });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toEqual(original.json());
      const first = list.json().find((c: { user: string }) => c.user === 'usuario0');
      const revealed = await app.inject({
        method: 'POST',
        url: `/api/password/${first.id}/reveal`,
        headers: { authorization: `Bearer ${restoredToken}` },
        payload: { purpose: 'show' },
      });
      expect(revealed.json()).toEqual({ password: 'Clave ñandú 0 ✓' });
      // A new row gets a new id: the sequences went on from where the original stood.
      const created = await app.inject({
        method: 'POST',
        url: '/api/password',
        headers: { authorization: `Bearer ${restoredToken}` },
        payload: { user: 'nuevo', portal: 'sii', password: 'otra', businessId: board.businessId },
      });
      expect((await ok(created)).credential.id).toBeGreaterThan(
        Math.max(...original.json().map((c: { id: number }) => c.id)),
      );
    } finally {
      await app.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'restores into a fresh PostgreSQL database, byte for byte',
    { timeout: 60_000 },
    async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'restore');
      const dataDir = await scratchDir('restaurado-pg');
      try {
        await restoreArchive({
          archive: after,
          target: { kind: 'postgres', url: scratch.url },
          settings: loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: TEST_KEYS.encryptionKey }),
        });
        const database = await openDatabase({ kind: 'postgres', url: scratch.url });
        try {
          expect(await everyRow(database.db)).toEqual(await everyRow(t.database.db));
        } finally {
          await database.close();
        }
        expect(await everyFile(dataDir)).toEqual(await everyFile(t.dataDir));
      } finally {
        await scratch.drop();
      }
    },
  );

  it('refuses a truncated, a corrupted and a foreign archive, changing nothing', async () => {
    const bytes = await fs.readFile(after);
    const dir = await scratchDir('malos');
    const truncated = path.join(dir, 'truncado.tar.gz');
    await fs.writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    const corrupted = path.join(dir, 'dañado.tar.gz');
    const flipped = Buffer.from(bytes);
    flipped[Math.floor(bytes.length / 2)] = (flipped[Math.floor(bytes.length / 2)] ?? 0) ^ 0xff;
    await fs.writeFile(corrupted, flipped);
    const foreign = path.join(dir, 'ajeno.tar.gz');
    await fs.writeFile(foreign, Buffer.from('esto no es un respaldo'));
    const missing = path.join(dir, 'no-existe.tar.gz');

    const dataDir = path.join(dir, 'data');
    for (const archive of [truncated, corrupted, foreign, missing]) {
      const refused = restoreArchive({
        archive,
        target: { kind: 'pglite', dataDir },
        settings: loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: TEST_KEYS.encryptionKey }),
      });
      await expect(refused).rejects.toBeInstanceOf(BackupError);
      await expect(refused).rejects.toThrow(/No se restauró nada.*No se cambió nada/s);
      await expect(fs.access(dataDir)).rejects.toThrow();
    }
  });

  it('refuses, changing nothing, to restore files encrypted with a key the restored instance will not hold', async () => {
    const dir = await scratchDir('otra-clave');
    const dataDir = path.join(dir, 'data');
    const otherKey = Buffer.alloc(32, 9).toString('base64');
    // Signed with another key: only on the operator's word, and even then its files could not be opened.
    const refused = restoreArchive({
      archive: after,
      target: { kind: 'pglite', dataDir },
      settings: loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: otherKey }),
      acceptUnsigned: true,
    });
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(
      /No se restauró nada: .* tiene \d+ archivos que están cifrados con otra clave que la ENCRYPTION_KEY con que esta instalación abrirá sus archivos .*Define ENCRYPTION_KEY con la del servidor de origen .*No se cambió nada\./s,
    );
    await expect(fs.access(dataDir)).rejects.toThrow();
  });

  it('refuses a non-empty target unless --force, changing nothing; --force sets the old data aside', {
    timeout: 120_000,
  }, async () => {
    // The backup taken during the burst restores (every foreign key is checked as it is loaded) ...
    const dataDir = path.join(await scratchDir('ocupado'), 'data');
    const settings = loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: TEST_KEYS.encryptionKey });
    const first = await restoreArchive({ archive: during, target: { kind: 'pglite', dataDir }, settings });
    expect(first.files).toBeGreaterThanOrEqual(5);
    const before = await treeOf(dataDir);
    // ... and is then a non-empty target.
    await expect(restoreArchive({ archive: after, target: { kind: 'pglite', dataDir }, settings })).rejects.toThrow(
      /no está vacío.*--force.*No se cambió nada/s,
    );
    expect(await treeOf(dataDir)).toEqual(before);

    const forced = await restoreArchive({ archive: after, target: { kind: 'pglite', dataDir }, settings, force: true });
    expect(forced.setAside.some((aside) => aside.includes(`${path.sep}db.antes-de-restaurar-`))).toBe(true);
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      expect(await everyRow(database.db)).toEqual(await everyRow(t.database.db));
    } finally {
      await database.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'refuses a PostgreSQL database that has tables, unless --force',
    { timeout: 60_000 },
    async () => {
      const scratch = await createScratchDatabase(process.env.DATABASE_URL ?? '', 'restore');
      const dataDir = await scratchDir('pg-ocupado');
      const settings = loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: TEST_KEYS.encryptionKey });
      try {
        await restoreArchive({ archive: during, target: { kind: 'postgres', url: scratch.url }, settings });
        await expect(
          restoreArchive({ archive: after, target: { kind: 'postgres', url: scratch.url }, settings }),
        ).rejects.toThrow(/PostgreSQL no está vacío/);
        await restoreArchive({ archive: after, target: { kind: 'postgres', url: scratch.url }, settings, force: true });
        const database = await openDatabase({ kind: 'postgres', url: scratch.url });
        try {
          expect(await everyRow(database.db)).toEqual(await everyRow(t.database.db));
        } finally {
          await database.close();
        }
      } finally {
        await scratch.drop();
      }
    },
  );

  it('writes only known entries and no secrets unless asked', async () => {
    const made = await t.modules.backup.toFile({});
    const staged = await stageArchive(made.path, FIRM);
    try {
      expect(staged.manifest.secretsIncluded).toBe(false);
      expect([...staged.files.keys()].every((name) => entryKind(name) && entryKind(name)?.kind !== 'secrets')).toBe(
        true,
      );
      expect(made.summary.secretsIncluded).toBe(false);
    } finally {
      await fs.rm(staged.dir, { recursive: true, force: true });
      await fs.rm(made.path);
    }
  });
});

describe('the signature of the manifest', () => {
  let signed: string;
  let client: { id: number; email: string };
  let dir: string;

  beforeAll(async () => {
    client = await t.userWithRole('client', { businessId: board.businessId });
    dir = await scratchDir('firmas');
    signed = (await t.modules.backup.toFile({})).path;
  });

  /** The archive with the client made owner and the activity entries naming them dropped, checksums recomputed. */
  const tamper = (entries: Map<string, Buffer>) => {
    const edit = (name: string, change: (row: Record<string, unknown>) => Record<string, unknown> | null) => {
      const lines = (entries.get(name)?.toString('utf8') ?? '').split('\n').filter(Boolean);
      const kept = lines.map((line) => change(JSON.parse(line))).filter((row) => row !== null);
      entries.set(name, Buffer.from(`${kept.map((row) => JSON.stringify(row)).join('\n')}\n`, 'utf8'));
    };
    edit('db/users.jsonl', (row) => (row.id === client.id ? { ...row, role: 'owner' } : row));
    edit('db/activity.jsonl', (row) => (row.record_label === client.email ? null : row));
  };

  const restoreInto = (archive: string, dataDir: string, extra: { acceptUnsigned?: boolean; key?: string } = {}) =>
    restoreArchive({
      archive,
      target: { kind: 'pglite', dataDir },
      settings: loadConfig({ DATA_DIR: dataDir, ...(extra.key === undefined ? {} : { ENCRYPTION_KEY: extra.key }) }),
      acceptUnsigned: extra.acceptUnsigned,
    });

  it('refuses an archive whose rows were changed and checksums recomputed (a client made owner), changing nothing', async () => {
    const tampered = path.join(dir, 'alterado.tar.gz');
    await rewriteArchive(signed, tampered, tamper, 'keep');
    // Every checksum matches: only the signature tells.
    const dataDir = path.join(dir, 'alterado');
    const refused = restoreInto(tampered, dataDir, { key: TEST_KEYS.encryptionKey });
    await expect(refused).rejects.toBeInstanceOf(BackupError);
    await expect(refused).rejects.toThrow(
      /^No se restauró nada: .*alterado\.tar\.gz fue modificado después de hacerse: su manifest\.json no es el que firmó el estudio.*No se cambió nada\.$/s,
    );
    await expect(fs.access(dataDir)).rejects.toThrow();
  });

  it('refuses an archive signed with another key, and one without signature, unless the operator accepts it', async () => {
    const foreign = path.join(dir, 'otra-clave.tar.gz');
    await rewriteArchive(signed, foreign, tamper, randomBytes(32));
    const unsigned = path.join(dir, 'sin-firma.tar.gz');
    await rewriteArchive(signed, unsigned, tamper, 'none');
    const dataDir = path.join(dir, 'destino');
    await expect(restoreInto(foreign, dataDir, { key: TEST_KEYS.encryptionKey })).rejects.toThrow(
      /está firmado con otra clave, no con la ENCRYPTION_KEY de este estudio.*--accept-unsigned.*No se cambió nada/s,
    );
    await expect(restoreInto(unsigned, dataDir, { key: TEST_KEYS.encryptionKey })).rejects.toThrow(
      /no está firmado .*no se puede comprobar que no fue modificado.*--accept-unsigned.*No se cambió nada/s,
    );
    // A machine without the firm's key cannot tell a genuine archive from a forged one.
    await expect(restoreInto(signed, dataDir)).rejects.toThrow(
      /no se puede verificar: este equipo no tiene la clave del estudio \(ni ENCRYPTION_KEY ni DATA_DIR\/secrets\.json\)/,
    );
    await expect(fs.access(dataDir)).rejects.toThrow();
  });

  it('restores an unsigned archive with acceptUnsigned, and the restored activity log records it', {
    timeout: 120_000,
  }, async () => {
    const unsigned = path.join(dir, 'aceptado.tar.gz');
    await rewriteArchive(signed, unsigned, tamper, 'none');
    const dataDir = path.join(dir, 'aceptado');
    const restored = await restoreInto(unsigned, dataDir, { key: TEST_KEYS.encryptionKey, acceptUnsigned: true });
    expect(restored.signature).toBe('unsigned');
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
    try {
      const found = (await database.db.execute(sql`SELECT role FROM users WHERE id = ${client.id}`)) as unknown as {
        rows: { role: string }[];
      };
      expect(found.rows).toEqual([{ role: 'owner' }]);
      const logged = (await database.db.execute(
        sql`SELECT kind, action, actor_id, record_label, details FROM activity WHERE action = 'restored'`,
      )) as unknown as { rows: unknown[] };
      expect(logged.rows).toEqual([
        {
          kind: 'backup',
          action: 'restored',
          actor_id: null,
          record_label: 'aceptado.tar.gz',
          details: { after: { archivo: 'aceptado.tar.gz', firma: 'sin firma', aceptadoPorElOperador: true } },
        },
      ]);
    } finally {
      await database.close();
    }
  });
});

describe('files whose bytes are not in this instance', () => {
  it('tells a file uploaded to another instance with its own disk from one deleted meanwhile, and the restore lists the rows left without bytes', {
    timeout: 120_000,
  }, async () => {
    // A second instance of the same firm, on the same database, keeping files on its own disk.
    const other = await createTestApp({}, { database: t.database });
    let elsewhere: { id: number; storageKey: string };
    try {
      const upload = await other.request({
        method: 'POST',
        url: `/api/business-folder/${folderId}/file`,
        token: await other.ownerToken(),
        ...multipartFiles([{ name: 'recibido-en-la-otra.pdf', bytes: pdf(900) }]),
      });
      expect(upload.statusCode, upload.body).toBe(201);
      const [row] = (
        (await t.database.db.execute(
          sql`SELECT id, storage_key AS "storageKey" FROM business_files WHERE name = 'recibido-en-la-otra.pdf'`,
        )) as unknown as { rows: { id: number; storageKey: string }[] }
      ).rows;
      if (!row) throw new Error('sin fila');
      elsewhere = row;
    } finally {
      await other.close();
    }
    await ok(
      await t.request({
        method: 'POST',
        url: `/api/business-folder/${folderId}/file`,
        token,
        ...multipartFiles([{ name: 'se-borrara.pdf', bytes: pdf(901) }]),
      }),
    );
    const [gone] = (
      (await t.database.db.execute(
        sql`SELECT id, storage_key AS "storageKey" FROM business_files WHERE name = 'se-borrara.pdf'`,
      )) as unknown as { rows: { id: number; storageKey: string }[] }
    ).rows;
    if (!gone) throw new Error('sin fila');

    // Right after the snapshot is read, one file is deleted (row and bytes), as a user deleting it would.
    const db = new Proxy(t.database.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<Db['transaction']>) => {
          const result = await target.transaction(...args);
          await target.execute(sql`DELETE FROM business_files WHERE id = ${gone.id}`);
          await fs.rm(path.join(t.dataDir, 'files', gone.storageKey.slice(0, 2), gone.storageKey));
          return result;
        };
      },
    });
    const dir = await scratchDir('otra-instancia');
    const archive = path.join(dir, 'respaldo.tar.gz');
    const summary = await writeBackup(
      {
        db,
        kind: t.database.kind,
        storage: t.modules.storage.stored,
        secrets: () => TEST_KEYS,
        encryptionKey: FIRM.encryptionKey,
        appVersion: 'prueba',
      },
      createWriteStream(archive),
    );
    expect(summary.notInStorage).toEqual([elsewhere.storageKey]);
    expect(summary.missingFiles).toEqual([gone.storageKey]);
    const lines = describeBackup(summary);
    expect(lines).toContain(
      `Aviso: 1 archivo(s) siguen registrados en la base de datos pero sus bytes no están en el disco de esta instancia, así que el respaldo no los incluye (no se eliminaron). Si hay varias instancias con almacenamiento en disco, cada una guarda solo los archivos que recibió: usa S3 (S3_*) en todas. Claves: ${elsewhere.storageKey}`,
    );
    expect(lines).toContain(
      `Aviso: 1 archivo(s) se eliminaron mientras se hacía el respaldo y no se incluyeron: ${gone.storageKey}`,
    );

    const dataDir = path.join(dir, 'data');
    const restored = await restoreArchive({
      archive,
      target: { kind: 'pglite', dataDir },
      settings: loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: TEST_KEYS.encryptionKey }),
    });
    // The snapshot still names the file deleted after it was read: both rows come back without bytes.
    const rowsInArchive = summary.files + summary.notInStorage.length + summary.missingFiles.length;
    expect(restored.fileRows).toBe(rowsInArchive);
    expect(restored.files).toBe(summary.files);
    expect(restored.filesWithoutBytes).toEqual(
      expect.arrayContaining([{ key: elsewhere.storageKey, name: 'recibido-en-la-otra.pdf' }]),
    );
    expect(restored.filesWithoutBytes.map((file) => file.key).sort()).toEqual(
      [elsewhere.storageKey, gone.storageKey].sort(),
    );
  });
});
