import fs from 'node:fs/promises';
import path from 'node:path';
import { documentsMsg } from '@app/shared/messages-documents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEncryptedStorage } from '../../lib/file-storage/encrypted-storage.ts';
import { CHUNK_SIZE, createFileKeyring, HEADER_BYTES, MAGIC } from '../../lib/file-storage/file-encryption.ts';
import { uploadFolder } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, TEST_KEYS, type TestApp } from '../../test/test-app.ts';
import { createFilesAtRest, type FilesAtRestDeps } from './files-at-rest.job.ts';
import { filesAtRestRepository } from './files-at-rest.repository.ts';

/** A real PDF with every byte value inside, `size` bytes: a shifted or re-encoded byte shows. */
function pdfOf(label: string, size: number) {
  const head = tinyPdf(label);
  const tail = tinyPdf('fin');
  const middle = Math.max(0, size - head.length - tail.length);
  return Buffer.concat([
    head,
    Buffer.from(Array.from({ length: middle }, (_, index) => (index * 7 + label.length) % 256)),
    tail,
  ]);
}

/** Every stored file under a DATA_DIR's files/, key → bytes as they lie on the disk. */
async function storedFiles(dataDir: string): Promise<Map<string, Buffer>> {
  const root = path.join(dataDir, 'files');
  const found = new Map<string, Buffer>();
  for (const folder of await fs.readdir(root).catch(() => [] as string[])) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const name of await fs.readdir(path.join(root, folder))) {
      found.set(name, await fs.readFile(path.join(root, folder, name)));
    }
  }
  return found;
}

/** Uploads PDFs through the real route; answers each one's download path, stored key and bytes. */
async function uploadPdfs(t: TestApp, folderId: number, files: { name: string; bytes: Buffer }[]) {
  const before = new Set((await storedFiles(t.dataDir)).keys());
  const response = await t.request({
    method: 'POST',
    url: `/api/business-folder/${folderId}/file`,
    token: await t.ownerToken(),
    ...multipartFiles(files),
  });
  expect(response.statusCode, response.body).toBe(201);
  const uploaded = response.json().files as { id: number; name: string; url: string }[];
  const keys = [...(await storedFiles(t.dataDir)).keys()].filter((key) => !before.has(key));
  expect(keys).toHaveLength(files.length);
  // Which key is which file: the one whose plaintext is that file's.
  return Promise.all(
    uploaded.map(async (file) => {
      const bytes = files.find((sent) => sent.name === file.name)?.bytes ?? Buffer.alloc(0);
      const opened = await Promise.all(keys.map(async (key) => [key, await t.modules.storage.get(key)] as const));
      const key = opened.find(([, plain]) => plain?.equals(bytes))?.[0] ?? '';
      return { url: new URL(file.url, 'http://localhost').pathname, key, bytes };
    }),
  );
}

const download = (t: TestApp, url: string, range?: string) =>
  t.request({ method: 'GET', url, headers: range ? { range } : {} });

/** The log lines a job writes, as they would be written. */
function logCollector() {
  const lines: { level: string; details: unknown; message: string }[] = [];
  const line = (level: string) => (details: unknown, message: string) => {
    lines.push({ level, details, message });
  };
  return { lines, log: { info: line('info'), warn: line('warn') } as unknown as FilesAtRestDeps['log'] };
}

describe('files uploaded through the app', () => {
  let t: TestApp;
  let folderId: number;
  beforeAll(async () => {
    t = await createTestApp();
    folderId = await uploadFolder(t);
  });
  afterAll(() => t.close());

  it('are stored encrypted: no stored file starts with %PDF or holds the text; each downloads whole and by ranges across chunks', async () => {
    const bytes = pdfOf('balance reservado', 3 * CHUNK_SIZE + 1234);
    const [file] = await uploadPdfs(t, folderId, [{ name: 'Balance.pdf', bytes }]);
    const stored = await storedFiles(t.dataDir);
    expect(stored.size).toBeGreaterThan(0);
    for (const [key, onDisk] of stored) {
      expect(onDisk.subarray(0, 4).toString('latin1'), key).not.toBe('%PDF');
      expect(onDisk.subarray(0, MAGIC.length), key).toEqual(MAGIC);
      expect(onDisk.includes('%PDF'), key).toBe(false);
      expect(onDisk.includes('balance reservado'), key).toBe(false);
    }

    const whole = await download(t, file?.url ?? '');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.rawPayload.equals(bytes)).toBe(true);
    for (const [start, end] of [
      [0, 7],
      [CHUNK_SIZE - 10, CHUNK_SIZE + 10],
      [2 * CHUNK_SIZE, 2 * CHUNK_SIZE],
      [CHUNK_SIZE + 5, 3 * CHUNK_SIZE + 5],
    ] as const) {
      const part = await download(t, file?.url ?? '', `bytes=${start}-${end}`);
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${bytes.length}`);
      expect(part.rawPayload.equals(bytes.subarray(start, end + 1))).toBe(true);
    }
    const tail = await download(t, file?.url ?? '', 'bytes=-10');
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
  });

  it('altered on the disk, or encrypted with a key this server does not hold, answer 503 with a Spanish message and no byte of it', async () => {
    const [altered, foreign] = await uploadPdfs(t, folderId, [
      { name: 'Alterado.pdf', bytes: pdfOf('alterado', 5000) },
      { name: 'Ajeno.pdf', bytes: pdfOf('ajeno', 5000) },
    ]);
    const fileOf = (key: string) => path.join(t.dataDir, 'files', key.slice(0, 2), key);
    const onDisk = await fs.readFile(fileOf(altered?.key ?? ''));
    onDisk[HEADER_BYTES + 100] = (onDisk[HEADER_BYTES + 100] ?? 0) ^ 1;
    await fs.writeFile(fileOf(altered?.key ?? ''), onDisk);
    const damaged = await download(t, altered?.url ?? '');
    expect(damaged.statusCode).toBe(503);
    expect(damaged.json()).toEqual({ message: documentsMsg.storedFileDamaged });

    const otherFirm = createEncryptedStorage(t.modules.storage.stored, createFileKeyring(Buffer.alloc(32, 9)));
    await otherFirm.put(foreign?.key ?? '', foreign?.bytes ?? Buffer.alloc(0));
    const otherKey = await download(t, foreign?.url ?? '', 'bytes=0-99');
    expect(otherKey.statusCode).toBe(503);
    expect(otherKey.json()).toEqual({ message: documentsMsg.storedFileOtherKey });
  });
});

describe('the at-rest job', () => {
  let t: TestApp;
  let folderId: number;
  let files: Awaited<ReturnType<typeof uploadPdfs>>;
  beforeAll(async () => {
    t = await createTestApp();
    folderId = await uploadFolder(t);
    const sizes = [
      300,
      CHUNK_SIZE - 1,
      CHUNK_SIZE,
      CHUNK_SIZE + 1,
      5 * CHUNK_SIZE + 77,
      1000,
      2000,
      3000,
      4000,
      5000,
      6000,
    ];
    files = await uploadPdfs(
      t,
      folderId,
      sizes.map((size, index) => ({ name: `Anterior ${index}.pdf`, bytes: pdfOf(`anterior ${index}`, size) })),
    );
  });
  afterAll(() => t.close());

  it('encrypts plain files from before, batch by batch, while every download keeps working, and goes on after a restart', async () => {
    // As they were stored before encryption: plain.
    for (const file of files) await t.modules.storage.stored.put(file.key, file.bytes);
    for (const file of files) expect(await t.modules.storage.state(file.key)).toBe('plain');
    const everyDownload = async () => {
      for (const file of files) {
        const [whole, part] = await Promise.all([
          download(t, file.url),
          download(t, file.url, `bytes=${CHUNK_SIZE - 2}-${CHUNK_SIZE + 2}`),
        ]);
        expect(whole.statusCode, whole.body.slice(0, 200)).toBe(200);
        expect(whole.rawPayload.equals(file.bytes)).toBe(true);
        if (file.bytes.length > CHUNK_SIZE + 2) {
          expect(part.rawPayload.equals(file.bytes.subarray(CHUNK_SIZE - 2, CHUNK_SIZE + 3))).toBe(true);
        }
      }
    };
    await everyDownload();

    const { lines, log } = logCollector();
    const batch = { files: 4, ms: 60_000 };
    let job = createFilesAtRest({ db: t.database.db, storage: t.modules.storage, log, batch });
    const first = await job.runBatch();
    expect(first).toMatchObject({ encrypted: 4, files: 4, complete: false });
    const progress = await job.progress();
    expect(progress).toMatchObject({
      encrypted: 4,
      keyId: t.modules.storage.keyId,
      completedAt: null,
      claimedUntil: null,
    });
    const sorted = files.map((file) => file.key).sort();
    expect(progress?.cursor).toBe(sorted[3]);

    // A restart: a new instance of the job goes on from the recorded key, downloads running meanwhile.
    job = createFilesAtRest({ db: t.database.db, storage: t.modules.storage, log, batch });
    let batches = 1;
    for (;;) {
      const [done] = await Promise.all([job.runBatch(), everyDownload()]);
      batches += 1;
      if (done?.complete) break;
      expect(batches).toBeLessThan(10);
    }
    expect(batches).toBe(3); // 11 files, 4 a batch: the third takes the last 3 and reaches the end
    const finished = await job.progress();
    expect(finished).toMatchObject({ encrypted: files.length, rewrapped: 0, unreadable: 0, cursor: sorted.at(-1) });
    expect(finished?.completedAt).toBeInstanceOf(Date);
    await everyDownload();
    for (const [key, onDisk] of await storedFiles(t.dataDir)) {
      expect(onDisk.subarray(0, MAGIC.length), key).toEqual(MAGIC);
      expect(onDisk.includes('%PDF'), key).toBe(false);
    }
    // Done for this key: nothing more runs.
    expect(await job.runBatch()).toBeNull();

    // The log: counts and keys, never a byte of a file.
    expect(lines.at(-1)).toEqual({
      level: 'info',
      details: { encrypted: files.length, rewrapped: 0, unreadable: 0, previousKeyStillSet: false },
      message: 'stored files at rest: every file is under the current key',
    });
    const logged = JSON.stringify(lines);
    expect(logged).not.toContain('PDF');
    expect(logged).not.toContain('anterior');
  });

  it('works on one instance at a time: a claim held elsewhere makes a run do nothing', async () => {
    await t.database.db.delete((await import('./files-at-rest.tables.ts')).fileEncryptionProgress);
    for (const file of files.slice(0, 3)) await t.modules.storage.stored.put(file.key, file.bytes);
    expect(await filesAtRestRepository.claim(t.database.db, 60)).not.toBeNull();
    const job = createFilesAtRest({ db: t.database.db, storage: t.modules.storage, log: logCollector().log });
    expect(await job.runBatch()).toBeNull();
    expect(await t.modules.storage.state(files[0]?.key ?? '')).toBe('plain');
    await filesAtRestRepository.release(t.database.db);
    // Two at once: one works, the other finds the claim taken; each file is encrypted once.
    const [one, other] = await Promise.all([job.runBatch(), job.runBatch()]);
    expect([one, other].filter((run) => run === null)).toHaveLength(1);
    expect((await job.progress())?.encrypted).toBe(3);
    for (const file of files) expect(await t.modules.storage.state(file.key)).toBe('current');
  });

  it('after a key rotation (ENCRYPTION_KEY new, PREVIOUS_ENCRYPTION_KEY the old one) re-wraps every file; then the new key alone opens them', async () => {
    const newKey = Buffer.alloc(32, 11).toString('base64');
    const chunksBefore = new Map(
      [...(await storedFiles(t.dataDir))].map(([key, bytes]) => [key, bytes.subarray(HEADER_BYTES)]),
    );
    // The same firm started with the new key, accepted on purpose, the old one beside it.
    const rotated = await createTestApp(
      {
        DATA_DIR: t.dataDir,
        ENCRYPTION_KEY: newKey,
        PREVIOUS_ENCRYPTION_KEY: TEST_KEYS.encryptionKey,
        ACCEPT_NEW_KEYS: 'ENCRYPTION_KEY',
      },
      { database: t.database },
    );
    try {
      for (const file of files) {
        expect(await rotated.modules.storage.state(file.key)).toBe('previous');
        expect((await download(rotated, file.url)).rawPayload.equals(file.bytes)).toBe(true);
      }
      const { lines, log } = logCollector();
      const job = createFilesAtRest({ db: t.database.db, storage: rotated.modules.storage, log });
      expect(await job.runBatch()).toMatchObject({ rewrapped: files.length, encrypted: 0, complete: true });
      expect(lines.at(-1)?.message).toBe(
        'stored files at rest: every file is under the current key (PREVIOUS_ENCRYPTION_KEY is no longer needed for files)',
      );
      // Only each header changed: the chunks are as they were.
      for (const [key, bytes] of await storedFiles(t.dataDir)) {
        expect(bytes.subarray(HEADER_BYTES).equals(chunksBefore.get(key) ?? Buffer.alloc(0)), key).toBe(true);
      }
    } finally {
      await rotated.close();
    }
    const onlyNew = createEncryptedStorage(t.modules.storage.stored, createFileKeyring(Buffer.from(newKey, 'base64')));
    for (const file of files) expect((await onlyNew.get(file.key))?.equals(file.bytes)).toBe(true);
    // The instance still on the old key says so, in Spanish, and sends none of the bytes.
    const refused = await download(t, files[0]?.url ?? '');
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: documentsMsg.storedFileOtherKey });
  });
});
