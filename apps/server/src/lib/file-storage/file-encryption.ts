import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { StoredFileUnreadableError } from './storage.ts';

/*
 * Stored files encrypted at rest, in a format that a byte range can be read from without the rest:
 *
 *   header (89 bytes)
 *     magic        8  00 'ECCIFRA' (no kind of file the app accepts can start so: a NUL, then text)
 *     version      1  1
 *     chunk size   4  plaintext bytes per chunk, big-endian (64 KiB)
 *     key id       8  which file-wrapping key wrapped the data key (an HMAC of a label, not the key)
 *     nonce prefix 8  random, per file
 *     wrap iv     12  random
 *     wrapped key 32  the file's random AES-256 data key, sealed with AES-256-GCM under the
 *     wrap tag    16  file-wrapping key, the header's first 29 bytes as associated data
 *   chunks
 *     each chunk-size bytes of plaintext (the last one shorter; none for an empty file) sealed with
 *     AES-256-GCM under the data key, nonce = prefix ‖ chunk index (32 bits), associated data =
 *     chunk index ‖ 0: ciphertext followed by its 16-byte tag. A chunk moved or swapped fails.
 *   end mark
 *     16 bytes: the tag of an empty plaintext sealed at the next index with associated data
 *     index ‖ 1. A file cut at a chunk's edge has lost it, one with a chunk added has it misplaced:
 *     either fails. (The end is a mark of its own so that a chunk is sealed and written as soon as
 *     it is full, without waiting for the next byte to learn whether it was the last.)
 *
 * The file-wrapping key is derived from the firm's ENCRYPTION_KEY with HKDF under a label of its
 * own (as the backup signing key is): the vault's values and the wrapped data keys never share a
 * key, and rotating ENCRYPTION_KEY re-wraps each file's 60 bytes of wrapped key, never its content.
 */

export const MAGIC = Buffer.from([0x00, 0x45, 0x43, 0x43, 0x49, 0x46, 0x52, 0x41]);
const VERSION = 1;
export const CHUNK_SIZE = 64 * 1024;
const TAG_BYTES = 16;
const KEY_ID_BYTES = 8;
const PREFIX_BYTES = 8;
const WRAP_IV_BYTES = 12;
const DATA_KEY_BYTES = 32;

const AT = {
  version: 8,
  chunkSize: 9,
  keyId: 13,
  prefix: 21,
  wrapIv: 29,
  wrapped: 41,
  wrapTag: 73,
} as const;
/** The header's bytes the wrapped key is bound to: everything before the wrap itself. */
const BOUND_BYTES = AT.wrapIv;
export const HEADER_BYTES = AT.wrapTag + TAG_BYTES;

/** Chunk sizes a header may name: anything else is a damaged (or hostile) header, never an allocation. */
const MIN_CHUNK = 1024;
const MAX_CHUNK = 16 * 1024 * 1024;

const WRAPPING_LABEL = 'estudio-contable:file-key-wrapping:v1';
const KEY_ID_LABEL = 'estudio-contable:file-key-id:v1';

/** A key that wraps files' data keys, and the id a header names it by. */
export interface FileKey {
  id: Buffer;
  key: Buffer;
}

/** The file-wrapping keys this instance holds: new files use `current`; `previous` only reads (and is re-wrapped from). */
export interface FileKeyring {
  current: FileKey;
  previous?: FileKey;
}

/** The file-wrapping key derived from an ENCRYPTION_KEY (32 bytes). */
export function fileWrappingKey(encryptionKey: Buffer): FileKey {
  if (encryptionKey.length !== 32) throw new Error('La clave de cifrado debe tener 32 bytes');
  const key = Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), WRAPPING_LABEL, 32));
  return { key, id: createHmac('sha256', key).update(KEY_ID_LABEL).digest().subarray(0, KEY_ID_BYTES) };
}

export function createFileKeyring(encryptionKey: Buffer, previousEncryptionKey?: Buffer): FileKeyring {
  const current = fileWrappingKey(encryptionKey);
  const previous = previousEncryptionKey ? fileWrappingKey(previousEncryptionKey) : undefined;
  return { current, previous: previous && !previous.id.equals(current.id) ? previous : undefined };
}

/** Whether stored bytes start as an encrypted file does (fewer bytes than the magic: a plain file). */
export const isEncrypted = (head: Buffer): boolean =>
  head.length >= MAGIC.length && head.subarray(0, MAGIC.length).equals(MAGIC);

const damaged = (why: string) => new StoredFileUnreadableError('damaged', why);

/** What a header says, checked for shape (not yet for authenticity: that is the unwrap's). */
interface Header {
  chunkSize: number;
  keyId: Buffer;
  prefix: Buffer;
}

function readHeader(head: Buffer): Header {
  if (!isEncrypted(head)) throw damaged('no es un archivo cifrado');
  if (head.length < HEADER_BYTES) throw damaged('encabezado incompleto');
  if (head[AT.version] !== VERSION) throw damaged(`versión de cifrado desconocida (${head[AT.version]})`);
  const chunkSize = head.readUInt32BE(AT.chunkSize);
  if (chunkSize < MIN_CHUNK || chunkSize > MAX_CHUNK) throw damaged('tamaño de bloque inválido');
  return {
    chunkSize,
    keyId: head.subarray(AT.keyId, AT.keyId + KEY_ID_BYTES),
    prefix: head.subarray(AT.prefix, AT.prefix + PREFIX_BYTES),
  };
}

/** Which of the keyring's keys a header names: 'current', 'previous', or null for a key this instance does not hold. */
export function headerKey(head: Buffer, keys: FileKeyring): 'current' | 'previous' | null {
  const { keyId } = readHeader(head);
  if (keyId.equals(keys.current.id)) return 'current';
  if (keys.previous && keyId.equals(keys.previous.id)) return 'previous';
  return null;
}

function wrap(bound: Buffer, dataKey: Buffer, with_: FileKey): Buffer {
  const iv = randomBytes(WRAP_IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', with_.key, iv);
  cipher.setAAD(bound);
  const wrapped = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return Buffer.concat([iv, wrapped, cipher.getAuthTag()]);
}

function headerFor(chunkSize: number, prefix: Buffer, dataKey: Buffer, key: FileKey): Buffer {
  const bound = Buffer.alloc(BOUND_BYTES);
  MAGIC.copy(bound, 0);
  bound[AT.version] = VERSION;
  bound.writeUInt32BE(chunkSize, AT.chunkSize);
  key.id.copy(bound, AT.keyId);
  prefix.copy(bound, AT.prefix);
  return Buffer.concat([bound, wrap(bound, dataKey, key)]);
}

/** A file's data key and what its chunks are sealed with. */
export interface FileSeal {
  dataKey: Buffer;
  prefix: Buffer;
  chunkSize: number;
}

/** A new file's seal under the keyring's current key, and its header. */
export function newFileSeal(keys: FileKeyring, chunkSize = CHUNK_SIZE): { seal: FileSeal; header: Buffer } {
  const seal = { dataKey: randomBytes(DATA_KEY_BYTES), prefix: randomBytes(PREFIX_BYTES), chunkSize };
  return { seal, header: headerFor(chunkSize, seal.prefix, seal.dataKey, keys.current) };
}

/**
 * The seal of a stored file from its header: its data key unwrapped with whichever of the
 * keyring's keys the header names. A key this instance does not hold, or a header that does not
 * authenticate, throws StoredFileUnreadableError.
 */
export function openHeader(head: Buffer, keys: FileKeyring): FileSeal {
  const header = readHeader(head);
  const which = headerKey(head, keys);
  const key = which === 'current' ? keys.current : which === 'previous' ? keys.previous : undefined;
  if (!key) throw new StoredFileUnreadableError('other-key', 'cifrado con una clave que este servidor no tiene');
  const decipher = createDecipheriv('aes-256-gcm', key.key, head.subarray(AT.wrapIv, AT.wrapIv + WRAP_IV_BYTES));
  decipher.setAAD(head.subarray(0, BOUND_BYTES));
  decipher.setAuthTag(head.subarray(AT.wrapTag, AT.wrapTag + TAG_BYTES));
  try {
    const dataKey = Buffer.concat([
      decipher.update(head.subarray(AT.wrapped, AT.wrapped + DATA_KEY_BYTES)),
      decipher.final(),
    ]);
    return { dataKey, prefix: Buffer.from(header.prefix), chunkSize: header.chunkSize };
  } catch {
    throw damaged('el encabezado no se autentica');
  }
}

/**
 * The header re-wrapped under the keyring's current key: the same data key, chunk size and nonce
 * prefix, so the chunks after it stay exactly as they are. Null when it is already the current key's.
 */
export function rewrapHeader(head: Buffer, keys: FileKeyring): Buffer | null {
  if (headerKey(head, keys) === 'current') return null;
  const seal = openHeader(head, keys);
  return headerFor(seal.chunkSize, seal.prefix, seal.dataKey, keys.current);
}

/** The per-chunk nonce and associated data of one file, rewritten for each chunk (GCM copies them when set). */
function chunkParameters(prefix: Buffer) {
  const nonce = Buffer.alloc(PREFIX_BYTES + 4);
  prefix.copy(nonce, 0);
  const aad = Buffer.alloc(5);
  return (index: number, end: boolean) => {
    nonce.writeUInt32BE(index, PREFIX_BYTES);
    aad.writeUInt32BE(index, 0);
    aad[4] = end ? 1 : 0;
    return { nonce, aad };
  };
}

/** How many chunks a plaintext of `size` bytes is sealed in (an empty file: none, only the end mark). */
const chunkCount = (size: number, chunkSize: number) => Math.ceil(size / chunkSize);

/** The stored size of a plaintext of `size` bytes. */
export const storedSizeOf = (size: number, chunkSize = CHUNK_SIZE): number =>
  HEADER_BYTES + size + (chunkCount(size, chunkSize) + 1) * TAG_BYTES;

/** The plaintext size of an encrypted file of `storedSize` bytes; a size no file of ours can have throws. */
export function plainSizeOf(storedSize: number, chunkSize: number): number {
  const body = storedSize - HEADER_BYTES - TAG_BYTES;
  if (body < 0) throw damaged('truncado');
  const whole = Math.floor(body / (chunkSize + TAG_BYTES));
  const rest = body - whole * (chunkSize + TAG_BYTES);
  if (rest === 0) return whole * chunkSize;
  // The last chunk holds at least one byte besides its tag.
  if (rest <= TAG_BYTES) throw damaged('truncado');
  return whole * chunkSize + rest - TAG_BYTES;
}

/**
 * Seals what is written into it: the header first, then each chunk as soon as it is full (one
 * chunk held at a time), and the last one and the end mark when the input ends. `counted` hears
 * each piece's plaintext length.
 */
export function createSealingStream(
  sealed: { seal: FileSeal; header: Buffer },
  counted: (bytes: number) => void = () => undefined,
): Transform {
  const { seal } = sealed;
  const parameters = chunkParameters(seal.prefix);
  // Pieces arrive in all sizes (a few KB off the network): gathered into whole chunks, each sealed
  // in one call, so that what is written is a few large buffers rather than many small ones.
  const chunk = Buffer.allocUnsafe(seal.chunkSize);
  let filled = 0;
  let index = 0;
  const sealChunk = (stream: Transform, plain: Buffer, end: boolean) => {
    const { nonce, aad } = parameters(index, end);
    const cipher = createCipheriv('aes-256-gcm', seal.dataKey, nonce);
    cipher.setAAD(aad);
    if (plain.length) stream.push(cipher.update(plain));
    const rest = cipher.final();
    if (rest.length) stream.push(rest);
    stream.push(cipher.getAuthTag());
    index += 1;
  };
  const stream = new Transform({
    transform(received: Buffer | string, _encoding, done: TransformCallback) {
      const piece = typeof received === 'string' ? Buffer.from(received) : received;
      counted(piece.length);
      for (let offset = 0; offset < piece.length; ) {
        const taken = Math.min(seal.chunkSize - filled, piece.length - offset);
        piece.copy(chunk, filled, offset, offset + taken);
        filled += taken;
        offset += taken;
        if (filled === seal.chunkSize) {
          sealChunk(this, chunk, false);
          filled = 0;
        }
      }
      done();
    },
    flush(done: TransformCallback) {
      if (filled > 0) sealChunk(this, chunk.subarray(0, filled), false);
      sealChunk(this, Buffer.alloc(0), true);
      done();
    },
  });
  stream.push(sealed.header);
  return stream;
}

/** Plaintext bytes `start` to `end`, both included (HTTP's way of counting). */
export interface PlainRange {
  start: number;
  end: number;
}

/**
 * Where the chunks that hold a plaintext range lie in the stored file (both ends included), the
 * end mark with them when the range reaches the last chunk (or the file is empty).
 */
export function storedRangeOf(plainSize: number, chunkSize: number, range: PlainRange) {
  const count = chunkCount(plainSize, chunkSize);
  /** Stored bytes of chunk `index`, its tag included; the end mark's (index `count`) is its tag alone. */
  const sealedLength = (index: number) =>
    index === count ? TAG_BYTES : (index < count - 1 ? chunkSize : plainSize - (count - 1) * chunkSize) + TAG_BYTES;
  const first = count === 0 ? 0 : Math.floor(range.start / chunkSize);
  const lastChunk = Math.min(count - 1, Math.floor(range.end / chunkSize));
  const withEnd = lastChunk === count - 1;
  const chunksEnd =
    count === 0 ? HEADER_BYTES : HEADER_BYTES + lastChunk * (chunkSize + TAG_BYTES) + sealedLength(lastChunk);
  return {
    first,
    /** The last index read: the end mark's when the range reaches the last chunk. */
    last: withEnd ? count : lastChunk,
    count,
    start: HEADER_BYTES + first * (chunkSize + TAG_BYTES),
    end: chunksEnd + (withEnd ? TAG_BYTES : 0) - 1,
    sealedLength,
  };
}

/**
 * The chunks of a plaintext range, one after another: where each lies, and its plaintext (the
 * range's part of it) once the whole chunk is in `sealed` and authenticates.
 */
function rangeOpener(seal: FileSeal, plainSize: number, range: PlainRange) {
  const where = storedRangeOf(plainSize, seal.chunkSize, range);
  const { count, sealedLength } = where;
  const parameters = chunkParameters(seal.prefix);
  const sealed = Buffer.allocUnsafe(seal.chunkSize + TAG_BYTES);
  let index = where.first;
  return {
    where,
    sealed,
    /** The index of the chunk to read next, past `where.last` once all are read. */
    next: () => index,
    /** Stored bytes of the chunk to read next. */
    length: () => sealedLength(index),
    /** Opens the chunk now in `sealed` (its `length()` bytes) and moves on; its part of the range, maybe empty. */
    open(): Buffer {
      const length = sealedLength(index);
      const body = length - TAG_BYTES;
      const { nonce, aad } = parameters(index, index === count);
      const decipher = createDecipheriv('aes-256-gcm', seal.dataKey, nonce);
      decipher.setAAD(aad);
      decipher.setAuthTag(sealed.subarray(body, length));
      let plain: Buffer;
      try {
        plain = decipher.update(sealed.subarray(0, body));
        const rest = decipher.final();
        if (rest.length) plain = Buffer.concat([plain, rest]);
      } catch {
        throw damaged(
          index === count
            ? 'falta o no cuadra su marca de fin (truncado)'
            : `el bloque ${index} no se autentica (alterado o movido)`,
        );
      }
      const at = index * seal.chunkSize;
      index += 1;
      const from = Math.max(0, range.start - at);
      const to = Math.min(plain.length, range.end + 1 - at);
      if (to <= from) return Buffer.alloc(0);
      return from === 0 && to === plain.length ? plain : plain.subarray(from, to);
    },
  };
}

/**
 * Opens the chunks of a plaintext range from a stream of the stored bytes `storedRangeOf` names:
 * each chunk authenticated whole before any of its bytes is given out. Too few or too many bytes, a
 * chunk moved, altered or cut, the end mark missing, fails the stream with StoredFileUnreadableError.
 */
export function createOpeningStream(seal: FileSeal, plainSize: number, range: PlainRange): Transform {
  const chunks = rangeOpener(seal, plainSize, range);
  const { last } = chunks.where;
  let filled = 0;
  return new Transform({
    transform(piece: Buffer, _encoding, done: TransformCallback) {
      try {
        for (let offset = 0; offset < piece.length; ) {
          if (chunks.next() > last) throw damaged('más bytes de los esperados');
          const expected = chunks.length();
          const taken = Math.min(expected - filled, piece.length - offset);
          piece.copy(chunks.sealed, filled, offset, offset + taken);
          filled += taken;
          offset += taken;
          if (filled < expected) continue;
          filled = 0;
          const plain = chunks.open();
          if (plain.length) this.push(plain);
        }
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    },
    flush(done: TransformCallback) {
      done(chunks.next() <= last ? damaged('truncado') : null);
    },
  });
}

/**
 * The same, reading each chunk straight into one buffer at its place in the stored file
 * (`readAt`, a file on disk): no buffer is made per read, only each chunk's plaintext. `done`
 * runs once, when the stream ends or is destroyed.
 */
export function createChunkReader(
  readAt: (buffer: Buffer, length: number, position: number) => Promise<number>,
  done: () => Promise<void>,
  seal: FileSeal,
  plainSize: number,
  range: PlainRange,
): Readable {
  const chunks = rangeOpener(seal, plainSize, range);
  const { last } = chunks.where;
  let position = chunks.where.start;
  return new Readable({
    highWaterMark: seal.chunkSize,
    read() {
      (async () => {
        for (;;) {
          if (chunks.next() > last) return this.push(null);
          const length = chunks.length();
          if ((await readAt(chunks.sealed, length, position)) < length) throw damaged('truncado');
          position += length;
          const plain = chunks.open();
          if (plain.length) return this.push(plain);
        }
      })().catch((error: Error) => this.destroy(error));
    },
    destroy(error, callback) {
      done().then(
        () => callback(error),
        () => callback(error),
      );
    },
  });
}
