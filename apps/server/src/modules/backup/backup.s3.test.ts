import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createScratchDatabase } from '../../db/scratch-database.ts';
import { createEncryptedStorage } from '../../lib/file-storage/encrypted-storage.ts';
import { createFileKeyring, MAGIC } from '../../lib/file-storage/file-encryption.ts';
import { createS3Storage } from '../../lib/file-storage/s3-storage.ts';
import { uploadFolder } from '../../test/factories.ts';
import { multipartFiles, tinyPdf } from '../../test/pdf-fixtures.ts';
import { createTestApp, TEST_KEYS, type TestApp } from '../../test/test-app.ts';
import { FIRM } from './archive.fixture.ts';
import { restoreArchive, stageArchive } from './restore.ts';

// A restore into the embedded database creates a new one: from a dump of initdb, not initdb itself.
vi.mock('@electric-sql/pglite', async (importOriginal) =>
  (await import('../../test/pglite-template.ts')).withInitdbTemplate(await importOriginal()),
);

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let t: TestApp;
const scratch: string[] = [];

const s3Env = (bucket: string) => ({
  S3_ENDPOINT: endpoint,
  S3_BUCKET: bucket,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-respaldo-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [
      { name: 'origen', configs: [] },
      { name: 'destino', configs: [] },
    ],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp(s3Env('origen'));
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
  for (const dir of [s3Dir, ...scratch]) await fs.rm(dir, { recursive: true, force: true });
});

it('with S3 the files stay in the bucket unless --with-files copies them; a restore writes them to the target bucket', {
  timeout: 120_000,
}, async () => {
  const folderId = await uploadFolder(t);
  const bytes = Buffer.concat([tinyPdf('en S3'), Buffer.from([0, 255, 1, 254])]);
  const upload = await t.request({
    method: 'POST',
    url: `/api/business-folder/${folderId}/file`,
    token: await t.ownerToken(),
    ...multipartFiles([{ name: 'balance.pdf', bytes }]),
  });
  expect(upload.statusCode, upload.body).toBe(201);

  const without = await t.modules.backup.toFile({});
  expect(without.summary).toMatchObject({ storage: 's3', filesIncluded: false, files: 0 });
  const withFiles = await t.modules.backup.toFile({ withFiles: true });
  expect(withFiles.summary).toMatchObject({ storage: 's3', filesIncluded: true, files: 1 });
  const staged = await stageArchive(withFiles.path, FIRM);
  const [key] = [...staged.files.keys()].filter((name) => name.startsWith('files/')).map((name) => name.slice(6));
  await fs.rm(staged.dir, { recursive: true, force: true });

  const dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'restaurado-s3-')), 'data');
  scratch.push(path.dirname(dataDir));
  const target = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL, 'restore')
    : undefined;
  try {
    await restoreArchive({
      archive: withFiles.path,
      target: target ? { kind: 'postgres', url: target.url } : { kind: 'pglite', dataDir },
      settings: loadConfig({ DATA_DIR: dataDir, ENCRYPTION_KEY: TEST_KEYS.encryptionKey, ...s3Env('destino') }),
    });
  } finally {
    await target?.drop();
  }
  const destination = createS3Storage({
    endpoint,
    bucket: 'destino',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  // In the bucket as it was stored: encrypted, and opened with the firm's key.
  const stored = (await destination.get(key ?? '')) ?? Buffer.alloc(0);
  expect(stored.subarray(0, MAGIC.length)).toEqual(MAGIC);
  expect(stored.includes('en S3')).toBe(false);
  const opened = createEncryptedStorage(destination, createFileKeyring(Buffer.from(TEST_KEYS.encryptionKey, 'base64')));
  expect(await opened.get(key ?? '')).toEqual(bytes);
});
