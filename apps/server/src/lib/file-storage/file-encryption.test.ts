import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import { createEncryptedStorage } from './encrypted-storage.ts';
import {
  CHUNK_SIZE,
  createFileKeyring,
  createOpeningStream,
  createSealingStream,
  type FileKeyring,
  HEADER_BYTES,
  MAGIC,
  newFileSeal,
  openHeader,
  type PlainRange,
  plainSizeOf,
  rewrapHeader,
  storedRangeOf,
  storedSizeOf,
} from './file-encryption.ts';
import { StoredFileUnreadableError } from './storage.ts';

const FIRM_KEY = Buffer.alloc(32, 7);
const KEYS = createFileKeyring(FIRM_KEY);
const C = CHUNK_SIZE;
const TAG = 16;

/** `bytes` in pieces of odd sizes, as a network hands them. */
function* pieces(bytes: Buffer, size = 10_007) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function collect(stream: AsyncIterable<Uint8Array> | null) {
  if (!stream) throw new Error('nothing stored under the key');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

async function encrypt(plain: Buffer, keys: FileKeyring = KEYS) {
  let counted = 0;
  const stored = await collect(
    Readable.from(pieces(plain)).pipe(
      createSealingStream(newFileSeal(keys), (bytes) => {
        counted += bytes;
      }),
    ),
  );
  expect(counted).toBe(plain.length);
  return stored;
}

/** Plaintext `range` (or all of it) read back from stored bytes, as the storage does: only the chunks it needs. */
async function decrypt(stored: Buffer, keys: FileKeyring = KEYS, range?: PlainRange) {
  const seal = openHeader(stored.subarray(0, HEADER_BYTES), keys);
  const size = plainSizeOf(stored.length, seal.chunkSize);
  const wanted = range ?? { start: 0, end: Math.max(size - 1, 0) };
  const where = storedRangeOf(size, seal.chunkSize, wanted);
  return collect(
    Readable.from(pieces(stored.subarray(where.start, where.end + 1), 4_099)).pipe(
      createOpeningStream(seal, size, wanted),
    ),
  );
}

const patterned = (size: number) => Buffer.from(Array.from({ length: size }, (_, index) => (index * 31 + 7) % 256));

describe('the at-rest file format', () => {
  it.each([
    ['empty', 0],
    ['one byte', 1],
    ['a chunk less one', C - 1],
    ['one chunk', C],
    ['a chunk and one', C + 1],
    ['several megabytes', 5 * 1024 * 1024 + 123],
  ])('gives back exactly what it sealed: %s', async (_name, size) => {
    const plain = size > 1024 * 1024 ? randomBytes(size) : patterned(size);
    const stored = await encrypt(plain);
    expect(stored.subarray(0, MAGIC.length)).toEqual(MAGIC);
    expect(stored.length).toBe(storedSizeOf(size));
    // The header, each chunk's tag, and the end mark's.
    expect(stored.length).toBe(HEADER_BYTES + size + (Math.ceil(size / C) + 1) * TAG);
    expect(plainSizeOf(stored.length, C)).toBe(size);
    expect((await decrypt(stored)).equals(plain)).toBe(true);
    // Nothing of the plaintext shows: no 64-byte window of it is found in what is stored.
    if (size >= 64) expect(stored.includes(plain.subarray(0, 64))).toBe(false);
  });

  it('reads any range across chunk edges, opening only the chunks that hold it', async () => {
    const size = 3 * C + 5;
    const plain = patterned(size);
    const stored = await encrypt(plain);
    const edges = [0, 1, C - 1, C, C + 1, 2 * C - 1, 2 * C, 3 * C - 1, 3 * C, size - 1];
    for (const start of edges) {
      for (const end of edges) {
        if (end < start) continue;
        expect((await decrypt(stored, KEYS, { start, end })).equals(plain.subarray(start, end + 1))).toBe(true);
      }
    }
    // One byte of the third chunk: only that chunk is read from storage.
    const where = storedRangeOf(size, C, { start: 2 * C + 10, end: 2 * C + 10 });
    expect(where).toMatchObject({
      first: 2,
      last: 2,
      start: HEADER_BYTES + 2 * (C + TAG),
      end: HEADER_BYTES + 3 * (C + TAG) - 1,
    });
  });

  describe('refuses what was changed, with StoredFileUnreadableError', () => {
    const plain = patterned(3 * C + 100);
    let stored: Buffer;
    beforeAll(async () => {
      stored = await encrypt(plain);
    });
    const reason = async (bytes: Buffer, keys = KEYS, range?: PlainRange) => {
      try {
        await decrypt(bytes, keys, range);
        return 'opened';
      } catch (error) {
        if (error instanceof StoredFileUnreadableError) return error.reason;
        throw error;
      }
    };
    const chunkAt = (index: number) => HEADER_BYTES + index * (C + TAG);

    it('one byte of a chunk, of its tag or of the header', async () => {
      const flipped = (at: number) => {
        const altered = Buffer.from(stored);
        altered[at] = (altered[at] ?? 0) ^ 1;
        return altered;
      };
      const endMark = stored.length - 3;
      for (const at of [
        chunkAt(1) + 500,
        chunkAt(1) + C + 3,
        chunkAt(3) + 1,
        endMark,
        8,
        11,
        25,
        50,
        HEADER_BYTES - 1,
      ]) {
        expect(await reason(flipped(at)), `byte ${at}`).toBe('damaged');
      }
      // A byte of the key's id: it names a key nobody holds.
      expect(await reason(flipped(15))).toBe('other-key');
    });

    it('two chunks swapped', async () => {
      const swapped = Buffer.concat([
        stored.subarray(0, chunkAt(0)),
        stored.subarray(chunkAt(1), chunkAt(2)),
        stored.subarray(chunkAt(0), chunkAt(1)),
        stored.subarray(chunkAt(2)),
      ]);
      expect(swapped.length).toBe(stored.length);
      expect(await reason(swapped)).toBe('damaged');
      // Even a range that reads only the moved chunk.
      expect(await reason(swapped, KEYS, { start: 10, end: 20 })).toBe('damaged');
    });

    it('cut at a chunk edge, inside a chunk, or to its header alone; or a chunk added', async () => {
      expect(await reason(stored.subarray(0, chunkAt(3)))).toBe('damaged');
      expect(await reason(stored.subarray(0, chunkAt(2) + 1000))).toBe('damaged');
      expect(await reason(stored.subarray(0, stored.length - 1))).toBe('damaged');
      expect(await reason(stored.subarray(0, HEADER_BYTES))).toBe('damaged');
      expect(await reason(Buffer.concat([stored, stored.subarray(chunkAt(1), chunkAt(2))]))).toBe('damaged');
      // The end mark dropped; the last chunk dropped with the end mark kept after the one before.
      expect(await reason(stored.subarray(0, stored.length - TAG))).toBe('damaged');
      expect(await reason(Buffer.concat([stored.subarray(0, chunkAt(3)), stored.subarray(stored.length - TAG)]))).toBe(
        'damaged',
      );
      // An empty file cut to its header.
      const empty = await encrypt(Buffer.alloc(0));
      expect(await reason(empty.subarray(0, HEADER_BYTES))).toBe('damaged');
    });

    it('another key: the header names a key this instance does not hold', async () => {
      expect(await reason(stored, createFileKeyring(Buffer.alloc(32, 8)))).toBe('other-key');
      expect(() => openHeader(stored, createFileKeyring(Buffer.alloc(32, 8)))).toThrow(
        'archivo guardado ilegible: cifrado con una clave que este servidor no tiene',
      );
    });
  });

  it('a key derived apart from the firm key: the file key is neither the ENCRYPTION_KEY nor another firm’s', () => {
    expect(KEYS.current.key.equals(FIRM_KEY)).toBe(false);
    expect(createFileKeyring(Buffer.alloc(32, 8)).current.id.equals(KEYS.current.id)).toBe(false);
    expect(createFileKeyring(FIRM_KEY).current.key.equals(KEYS.current.key)).toBe(true);
  });

  it('re-wraps a file’s data key under a new key: only the header changes, and the new key alone opens it', async () => {
    const oldKey = Buffer.alloc(32, 7);
    const newKey = Buffer.alloc(32, 9);
    const plain = patterned(2 * C + 17);
    const stored = await encrypt(plain, createFileKeyring(oldKey));
    const rotating = createFileKeyring(newKey, oldKey);
    // Both are read during the rotation.
    expect((await decrypt(stored, rotating)).equals(plain)).toBe(true);
    const header = rewrapHeader(stored.subarray(0, HEADER_BYTES), rotating);
    if (!header) throw new Error('expected a new header');
    expect(header.length).toBe(HEADER_BYTES);
    expect(header.subarray(0, 13)).toEqual(stored.subarray(0, 13)); // magic, version, chunk size
    expect(header.subarray(21, 29)).toEqual(stored.subarray(21, 29)); // nonce prefix
    const rewrapped = Buffer.concat([header, stored.subarray(HEADER_BYTES)]);
    expect((await decrypt(rewrapped, createFileKeyring(newKey))).equals(plain)).toBe(true);
    await expect(decrypt(rewrapped, createFileKeyring(oldKey))).rejects.toThrow(StoredFileUnreadableError);
    // Already under the current key: nothing to do.
    expect(rewrapHeader(header, rotating)).toBeNull();
  });
});

describe('encrypted storage on disk', () => {
  let root: string;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'cifrado-'));
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));
  const fileOf = (key: string) => path.join(root, key.slice(0, 2), key);

  it('reads a plain file from before as it is, encrypts it in place, and reads it the same after', async () => {
    const raw = createDiskStorage(root);
    const storage = createEncryptedStorage(raw, KEYS);
    const key = randomUUID();
    const plain = Buffer.concat([Buffer.from('%PDF-1.4\n'), patterned(C + 300)]);
    await raw.put(key, plain);
    expect(await storage.state(key)).toBe('plain');
    expect((await storage.get(key))?.equals(plain)).toBe(true);
    expect(await collect(await storage.open(key, { start: 5, end: C + 5 }))).toEqual(plain.subarray(5, C + 6));

    expect(await storage.encryptPlain(key)).toBe(true);
    expect(await storage.state(key)).toBe('current');
    const onDisk = await fs.readFile(fileOf(key));
    expect(onDisk.subarray(0, MAGIC.length)).toEqual(MAGIC);
    expect(onDisk.includes('%PDF')).toBe(false);
    expect((await storage.get(key))?.equals(plain)).toBe(true);
    expect(await collect(await storage.open(key, { start: 5, end: C + 5 }))).toEqual(plain.subarray(5, C + 6));
    // A second time: it is not plain any more.
    expect(await storage.encryptPlain(key)).toBe(false);
    expect(await storage.encryptPlain(randomUUID())).toBe(false);
  });

  it('re-wraps after a rotation without touching the chunks; refuses, before any byte, a file no key here opens', async () => {
    const before = createEncryptedStorage(createDiskStorage(root), createFileKeyring(Buffer.alloc(32, 1)));
    const key = randomUUID();
    const plain = patterned(3 * C);
    await before.put(key, plain);
    const chunksBefore = (await fs.readFile(fileOf(key))).subarray(HEADER_BYTES);

    const rotated = createEncryptedStorage(
      createDiskStorage(root),
      createFileKeyring(Buffer.alloc(32, 2), Buffer.alloc(32, 1)),
    );
    expect(await rotated.state(key)).toBe('previous');
    expect((await rotated.get(key))?.equals(plain)).toBe(true);
    expect(await rotated.rewrap(key)).toBe(true);
    expect(await rotated.state(key)).toBe('current');
    expect((await fs.readFile(fileOf(key))).subarray(HEADER_BYTES)).toEqual(chunksBefore);
    expect(await rotated.rewrap(key)).toBe(false);

    const afterRotation = createEncryptedStorage(createDiskStorage(root), createFileKeyring(Buffer.alloc(32, 2)));
    expect((await afterRotation.get(key))?.equals(plain)).toBe(true);
    expect(await before.state(key)).toBe('other-key');
    await expect(before.open(key)).rejects.toMatchObject({ name: 'StoredFileUnreadableError', reason: 'other-key' });
  });

  it('answers a damaged first chunk when opened (before any byte is sent), a later one as the stream’s error', async () => {
    const storage = createEncryptedStorage(createDiskStorage(root), KEYS);
    const key = randomUUID();
    await storage.put(key, patterned(3 * C));
    const file = fileOf(key);
    const bytes = await fs.readFile(file);
    const at = HEADER_BYTES + 2 * (C + TAG) + 7;
    bytes[at] = (bytes[at] ?? 0) ^ 1;
    await fs.writeFile(file, bytes);
    // The first two chunks are whole.
    expect((await collect(await storage.open(key, { start: 0, end: 2 * C - 1 }))).length).toBe(2 * C);
    await expect(storage.open(key, { start: 2 * C, end: 2 * C + 1 })).rejects.toMatchObject({ reason: 'damaged' });
    await expect(collect(await storage.open(key))).rejects.toMatchObject({ reason: 'damaged' });
  });

  it('with FILE_ENCRYPTION off writes plain, and still reads encrypted files', async () => {
    const raw = createDiskStorage(root);
    const encrypted = createEncryptedStorage(raw, KEYS);
    const plainWriter = createEncryptedStorage(raw, KEYS, { encrypt: false });
    const [one, two] = [randomUUID(), randomUUID()];
    await encrypted.put(one, Buffer.from('%PDF-cifrado'));
    expect(await plainWriter.write(two, Readable.from([Buffer.from('%PDF-plano')]))).toBe(10);
    expect((await fs.readFile(fileOf(two))).toString()).toBe('%PDF-plano');
    expect((await plainWriter.get(one))?.toString()).toBe('%PDF-cifrado');
  });
});
