import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { FileStorage } from './storage.ts';

/** What every storage must do, the same way: run against the disk and against a local S3 server. */
function contract(name: string, open: () => Promise<{ storage: FileStorage; close: () => Promise<void> }>) {
  describe(`${name} file storage`, () => {
    let storage: FileStorage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
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

    it('refuses a key that is not one of its own (no path tricks)', async () => {
      await expect(storage.put('../../etc/passwd', Buffer.from('x'))).rejects.toThrow(
        'clave de almacenamiento inválida',
      );
      await expect(storage.get('a/../../b')).rejects.toThrow('clave de almacenamiento inválida');
    });
  });
}

contract('disk', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'files-'));
  return { storage: createDiskStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
});

contract('S3-compatible', async () => {
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
