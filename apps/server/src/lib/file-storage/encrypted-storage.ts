import { pipeline, Readable } from 'node:stream';
import {
  createChunkReader,
  createOpeningStream,
  createSealingStream,
  type FileKeyring,
  HEADER_BYTES,
  headerKey,
  isEncrypted,
  newFileSeal,
  openHeader,
  plainSizeOf,
  rewrapHeader,
  storedRangeOf,
} from './file-encryption.ts';
import {
  type ByteRange,
  type FileStorage,
  type RawFileStorage,
  type StoredObject,
  StoredObjectChangedError,
} from './storage.ts';

/** What a stored file is, as far as encryption goes. */
export type StoredFileState = 'missing' | 'plain' | 'current' | 'previous' | 'other-key';

/** File storage that encrypts what it writes and opens both encrypted and (older) plain files. */
export interface EncryptedFileStorage extends FileStorage {
  /** The bytes as they lie in storage, encrypted (plain for files from before): backups copy these. */
  readonly stored: RawFileStorage;
  /** Whether new files are encrypted (FILE_ENCRYPTION). */
  readonly encrypting: boolean;
  /** The current file key's id (hex): what every file is brought under. */
  readonly keyId: string;
  /** Whether a previous key (PREVIOUS_ENCRYPTION_KEY) is held, for files not re-wrapped yet. */
  readonly previousKey: boolean;
  state(key: string): Promise<StoredFileState>;
  /** Encrypts a plain stored file in place (written beside it, then put in its place); false when it was not plain. */
  encryptPlain(key: string): Promise<boolean>;
  /** Re-wraps a file's data key under the current key (its chunks copied as they are); false when nothing to do. */
  rewrap(key: string): Promise<boolean>;
}

/** A replaced object is read again from the start, at most this many times. */
const ATTEMPTS = 3;

async function retrying<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof StoredObjectChangedError) || attempt >= ATTEMPTS) throw error;
    }
  }
}

const empty = () => Readable.from([] as Buffer[]);

/**
 * The stream once its first piece is ready (or it ended): a wrong key or a damaged first chunk
 * throws here, before any byte (or status) is sent.
 */
async function startedStream(stream: Readable): Promise<Readable> {
  await new Promise<void>((resolve, reject) => {
    const ready = () => {
      // Kept: a later chunk may fail before the reader has attached its own listener (the stream
      // then ends errored, which the reader sees), and an 'error' nobody listens to would end the process.
      stream.off('error', failed);
      stream.on('error', () => undefined);
      resolve();
    };
    const failed = (error: Error) => {
      stream.off('readable', ready);
      reject(error);
    };
    stream.once('readable', ready);
    stream.once('error', failed);
  });
  return stream;
}

/**
 * File storage over `stored` (the disk or S3) whose files are encrypted at rest: AES-256-GCM in
 * 64 KiB chunks, each file with its own random data key wrapped by the firm's file key (see
 * file-encryption.ts). Writes and reads stream, one chunk at a time; a range reads only its chunks.
 * Files written before encryption (no header) are read as they are, until the at-rest job
 * encrypts them.
 */
export function createEncryptedStorage(
  stored: RawFileStorage,
  keys: FileKeyring,
  options: { encrypt?: boolean } = {},
): EncryptedFileStorage {
  const encrypting = options.encrypt ?? true;

  /** `source` sealed as it streams: its errors end the sealed stream with the same error, and the other way round. */
  const sealedFrom = (source: Readable, counted?: (bytes: number) => void) =>
    pipeline(source, createSealingStream(newFileSeal(keys), counted), () => undefined);

  /** Streams `source` sealed under `key`; answers the plaintext byte count. */
  async function writeSealed(key: string, source: Readable) {
    let size = 0;
    await stored.write(
      key,
      sealedFrom(source, (bytes) => {
        size += bytes;
      }),
    );
    return size;
  }

  /** The plaintext range (or all of it) of an opened stored file, as a stream. */
  async function plainOf(object: StoredObject, range?: ByteRange): Promise<Readable> {
    if (!isEncrypted(object.head)) {
      const end = Math.min(range?.end ?? object.size - 1, object.size - 1);
      const start = range?.start ?? 0;
      if (start > end) {
        await object.close();
        return empty();
      }
      return object.stream(start, end);
    }
    let seal: ReturnType<typeof openHeader>;
    let plainSize: number;
    try {
      seal = openHeader(object.head, keys);
      plainSize = plainSizeOf(object.size, seal.chunkSize);
    } catch (error) {
      await object.close();
      throw error;
    }
    // Asked past the end (a short file's first bytes, say) is cut at the end, as a plain file's read is.
    const wanted = {
      start: range?.start ?? 0,
      end: Math.min(range?.end ?? plainSize - 1, Math.max(plainSize - 1, 0)),
    };
    if (wanted.start > wanted.end || (plainSize > 0 && wanted.start >= plainSize)) {
      await object.close();
      return empty();
    }
    if (object.readAt) {
      return startedStream(createChunkReader(object.readAt, () => object.close(), seal, plainSize, wanted));
    }
    const where = storedRangeOf(plainSize, seal.chunkSize, wanted);
    const source = await object.stream(where.start, where.end);
    return startedStream(pipeline(source, createOpeningStream(seal, plainSize, wanted), () => undefined));
  }

  /** Opens the stored file, with its header read: null when nothing is stored under the key. */
  const openObject = (key: string) => stored.openStored(key, HEADER_BYTES);

  async function open(key: string, range?: ByteRange) {
    return retrying(async () => {
      const object = await openObject(key);
      return object && plainOf(object, range);
    });
  }

  /** Writes under `key` what `build` makes of the opened file, reading it again if it was replaced meanwhile. */
  async function replace(key: string, build: (object: StoredObject) => Promise<Readable | null>) {
    return retrying(async () => {
      const object = await openObject(key);
      if (!object) return false;
      const replacement = await build(object).catch(async (error) => {
        await object.close();
        throw error;
      });
      if (!replacement) {
        await object.close();
        return false;
      }
      await stored.write(key, replacement);
      return true;
    });
  }

  return {
    kind: stored.kind,
    stored,
    encrypting,
    keyId: keys.current.id.toString('hex'),
    previousKey: Boolean(keys.previous),
    async put(key, bytes) {
      if (!encrypting) return stored.put(key, bytes);
      await writeSealed(key, Readable.from([bytes]));
    },
    write(key, source) {
      return encrypting ? writeSealed(key, source) : stored.write(key, source);
    },
    async get(key) {
      const stream = await open(key);
      if (!stream) return null;
      const pieces: Buffer[] = [];
      for await (const piece of stream as AsyncIterable<Uint8Array>) {
        pieces.push(Buffer.isBuffer(piece) ? piece : Buffer.from(piece));
      }
      return Buffer.concat(pieces);
    },
    open,
    remove: (key) => stored.remove(key),
    list: (after) => stored.list(after),
    ...(stored.freeBytes ? { freeBytes: () => (stored.freeBytes as () => Promise<number>)() } : {}),
    removePartials: (before) => stored.removePartials(before),

    async state(key) {
      const object = await openObject(key);
      if (!object) return 'missing';
      await object.close();
      if (!isEncrypted(object.head)) return 'plain';
      return headerKey(object.head, keys) ?? 'other-key';
    },
    encryptPlain(key) {
      return replace(key, async (object) => {
        if (isEncrypted(object.head)) return null;
        if (object.size === 0) {
          await object.close();
          return sealedFrom(empty());
        }
        return sealedFrom(await object.stream(0, object.size - 1));
      });
    },
    rewrap(key) {
      return replace(key, async (object) => {
        if (!isEncrypted(object.head)) return null;
        const header = rewrapHeader(object.head, keys);
        if (!header) return null;
        // A file too short to hold a chunk is damaged: refused before anything is written.
        plainSizeOf(object.size, openHeader(object.head, keys).chunkSize);
        const chunks = await object.stream(HEADER_BYTES, object.size - 1);
        return Readable.from(
          (async function* () {
            yield header;
            yield* chunks as AsyncIterable<Buffer>;
          })(),
          { objectMode: false },
        );
      });
    },
  };
}
