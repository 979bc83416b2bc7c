import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import { createEncryptedStorage } from './encrypted-storage.ts';
import { CHUNK_SIZE, createFileKeyring, HEADER_BYTES, MAGIC, storedSizeOf } from './file-encryption.ts';
import { createS3Storage } from './s3-storage.ts';
import { type FileStorage, type RawFileStorage, StoredObjectChangedError } from './storage.ts';

const KEYS = createFileKeyring(Buffer.alloc(32, 7));

/** What every storage must do, the same way: run against the disk and against a local S3 server. */
function contract(
  name: string,
  open: () => Promise<{ storage: FileStorage; raw?: RawFileStorage; close: () => Promise<void> }>,
  /** Whether the storage encrypts (its tests then look at the bytes as they lie, too). */
  encrypts = false,
) {
  describe(`${name} file storage`, () => {
    let storage: FileStorage;
    /** The bytes as they lie, under an encrypting storage. */
    let raw: RawFileStorage | undefined;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, raw, close } = await open());
    });
    afterAll(() => close());

    it('gives back exactly the bytes it was given', async () => {
      const key = randomUUID();
      const bytes = Buffer.from(`%PDF-1.4\n${'x'.repeat(100_000)}\u00e9\n%%EOF`);
      await storage.put(key, bytes);
      expect((await storage.get(key))?.equals(bytes)).toBe(true);
    });

    it('answers null for a key with nothing stored, and removes without complaint what is not there', async () => {
      const key = randomUUID();
      expect(await storage.get(key)).toBeNull();
      await expect(storage.remove(key)).resolves.toBeUndefined();
    });

    it('removes what it stored', async () => {
      const key = randomUUID();
      await storage.put(key, Buffer.from('%PDF-1.4'));
      await storage.remove(key);
      expect(await storage.get(key)).toBeNull();
    });

    it('streams bytes in, several parts’ worth, and gives them back exactly, counting them', async () => {
      const key = randomUUID();
      const chunk = Buffer.alloc(1024 * 1024, 7);
      // 11 MiB: more than two S3 parts of 5 MiB, sent as they fill.
      const source = Readable.from(
        (function* () {
          yield Buffer.from('%PDF-1.4\n');
          for (let index = 0; index < 11; index += 1) yield chunk;
        })(),
      );
      expect(await storage.write(key, source)).toBe(9 + 11 * chunk.length);
      const stored = await storage.get(key);
      expect(stored?.length).toBe(9 + 11 * chunk.length);
      expect(stored?.subarray(0, 8).toString()).toBe('%PDF-1.4');
      await storage.remove(key);
    });

    it('streams stored bytes back as they are read, whole or a range of them, and null for a key with nothing stored', async () => {
      const key = randomUUID();
      const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, index) => (index * 13) % 256));
      await storage.put(key, bytes);
      const read = async (stream: Readable | null) => {
        if (!stream) return null;
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
        return Buffer.concat(chunks);
      };
      const whole = await storage.open(key);
      expect(whole).toBeInstanceOf(Readable);
      expect((await read(whole))?.equals(bytes)).toBe(true);
      expect((await read(await storage.open(key, { start: 100, end: 199 })))?.equals(bytes.subarray(100, 200))).toBe(
        true,
      );
      expect(
        (await read(await storage.open(key, { start: 299_990, end: 299_999 })))?.equals(bytes.subarray(299_990)),
      ).toBe(true);
      expect(await storage.open(randomUUID())).toBeNull();
      await storage.remove(key);
    });

    it('leaves nothing under the key when the source fails midway, and throws the source’s error', async () => {
      const key = randomUUID();
      const source = Readable.from(
        (async function* () {
          yield Buffer.alloc(6 * 1024 * 1024, 1);
          throw new Error('subida cortada');
        })(),
      );
      await expect(storage.write(key, source)).rejects.toThrow('subida cortada');
      expect(await storage.get(key)).toBeNull();
      const listed: string[] = [];
      for await (const entry of storage.list()) listed.push(entry.key);
      expect(listed).not.toContain(key);
      expect(await storage.removePartials(new Date(Date.now() + 60_000))).toBe(0);
    });

    it('lists its keys with when they were written', async () => {
      const key = randomUUID();
      await storage.put(key, Buffer.from('%PDF-1.4'));
      const listed = new Map<string, Date>();
      for await (const entry of storage.list()) listed.set(entry.key, entry.modifiedAt);
      expect(Math.abs((listed.get(key)?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
      await storage.remove(key);
    });

    it('lists its keys in order, and from past a key when asked', async () => {
      const keys = Array.from({ length: 5 }, () => randomUUID());
      for (const key of keys) await storage.put(key, Buffer.from('%PDF-1.4'));
      const listed: string[] = [];
      for await (const entry of storage.list()) listed.push(entry.key);
      expect(listed).toEqual([...listed].sort());
      const sorted = [...keys].sort();
      const after: string[] = [];
      for await (const entry of storage.list(sorted[2])) after.push(entry.key);
      expect(after).toEqual(listed.filter((key) => key > (sorted[2] ?? '')));
      for (const key of keys) await storage.remove(key);
    });

    it('refuses a key that is not one of its own (no path tricks)', async () => {
      await expect(storage.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow(
        'clave de almacenamiento inválida',
      );
      await expect(storage.get('a/../../b')).rejects.toThrow('clave de almacenamiento inválida');
    });

    if (!encrypts) return;
    it('stores no byte as given: a header, then sealed chunks; reads ranges across chunk edges', async () => {
      if (!raw) throw new Error('an encrypting storage hands its raw one');
      const key = randomUUID();
      const bytes = Buffer.concat([
        Buffer.from('%PDF-1.4\n'),
        Buffer.from(Array.from({ length: 3 * CHUNK_SIZE + 100 }, (_, index) => (index * 7) % 251)),
      ]);
      expect(await storage.write(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]))).toBe(
        bytes.length,
      );
      const stored = await raw.openStored(key, HEADER_BYTES);
      await stored?.close();
      expect(stored?.head.subarray(0, MAGIC.length)).toEqual(MAGIC);
      expect(stored?.size).toBe(storedSizeOf(bytes.length));
      const read = async (start: number, end: number) => {
        const chunks: Buffer[] = [];
        for await (const chunk of (await storage.open(key, { start, end })) ?? [])
          chunks.push(Buffer.from(chunk as Uint8Array));
        return Buffer.concat(chunks);
      };
      for (const [start, end] of [
        [0, 7],
        [CHUNK_SIZE - 1, CHUNK_SIZE],
        [CHUNK_SIZE, 2 * CHUNK_SIZE - 1],
        [CHUNK_SIZE - 3, 3 * CHUNK_SIZE + 2],
        [bytes.length - 1, bytes.length - 1],
      ] as const) {
        expect((await read(start, end)).equals(bytes.subarray(start, end + 1))).toBe(true);
      }
      // Past the end is cut at the end, as a plain file's read is.
      expect((await read(bytes.length - 5, bytes.length + 50)).equals(bytes.subarray(bytes.length - 5))).toBe(true);
      await storage.remove(key);
    });
  });
}

contract('disk', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'files-'));
  return { storage: createDiskStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
});

contract(
  'encrypted disk',
  async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'files-'));
    const raw = createDiskStorage(root);
    return {
      storage: createEncryptedStorage(raw, KEYS),
      raw,
      close: () => fs.rm(root, { recursive: true, force: true }),
    };
  },
  true,
);

/** A local S3 server with one bucket, and its storage as the app's settings would give it. */
async function localS3() {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'estudio', configs: [] }],
  });
  const { port } = await server.run();
  const storage = createS3Storage({
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'estudio',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  return {
    storage,
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

contract('S3-compatible', localS3);

contract(
  'encrypted S3-compatible',
  async () => {
    const { storage: raw, close } = await localS3();
    return { storage: createEncryptedStorage(raw, KEYS), raw, close };
  },
  true,
);

describe('S3 storage’s writes', () => {
  it('ask S3 for server-side encryption (SSE-S3) on a PUT and on a multipart upload', async () => {
    const { storage, close } = await localS3();
    const fetched = vi.spyOn(globalThis, 'fetch');
    try {
      await storage.put(randomUUID(), Buffer.from('cifrado'));
      await storage.write(randomUUID(), Readable.from([Buffer.alloc(6 * 1024 * 1024, 1)]));
      const writes = fetched.mock.calls
        .map(([request]) => request as Request)
        .filter((request) =>
          request.method === 'PUT' ? !request.url.includes('partNumber=') : request.url.endsWith('?uploads'),
        );
      expect(writes.map((request) => request.method)).toEqual(['PUT', 'POST']);
      for (const request of writes) expect(request.headers.get('x-amz-server-side-encryption')).toBe('AES256');
    } finally {
      fetched.mockRestore();
      await close();
    }
  });

  it('reads an object replaced after it was opened as changed, never a mix of both', async () => {
    const { storage, close } = await localS3();
    try {
      const key = randomUUID();
      await storage.put(key, Buffer.from('primera versión'));
      const opened = await storage.openStored(key, 4);
      expect(opened).toMatchObject({ size: Buffer.byteLength('primera versión') });
      expect(opened?.head.toString()).toBe('prim');
      await storage.put(key, Buffer.from('segunda versión, más larga'));
      await expect(opened?.stream(0, 5)).rejects.toThrow(StoredObjectChangedError);
    } finally {
      await close();
    }
  });
});

describe('disk file storage’s free space', () => {
  it('reads the free space of its folder, or of the nearest parent before the folder exists, through statfs', async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'files-'));
    const asked: string[] = [];
    const storage = createDiskStorage(path.join(parent, 'files'), {
      statfs: async (where) => {
        asked.push(where);
        if (where !== parent) throw Object.assign(new Error(`ENOENT: ${where}`), { code: 'ENOENT' });
        return { bavail: 1000n, bsize: 4096n };
      },
    });
    try {
      expect(await storage.freeBytes?.()).toBe(4_096_000);
      expect(asked).toEqual([path.join(parent, 'files'), parent]);
    } finally {
      await fs.rm(parent, { recursive: true, force: true });
    }
  });
});
