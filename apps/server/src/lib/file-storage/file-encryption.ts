import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { StoredFileUnreadableError } from './storage.ts';

/*
 * Stored files encrypted at rest, in a format that a byte range can be read from without the rest:
 *
 *   header (89 bytes)
 *     magic        8  00 'ECCIFRA' (no file the app accepts starts with a NUL byte)
 *     version      1  1
 *     chunk size   4  plaintext bytes per chunk, big-endian (64 KiB)
 *     key id       8  which file-wrapping key wrapped the data key (an HMAC of a label, not the key)
 *     nonce prefix 8  random, per file
 *     wrap iv     12  random
 *     wrapped key 32  the file's random AES-256 data key, sealed with AES-256-GCM under the
 *     wrap tag    16  file-wrapping key, the header's first 29 bytes as associated data
 *   chunks
 *     each chunk-size bytes of plaintext (the last one shorter, or empty for an empty file) sealed
 *     with AES-256-GCM under the data key: nonce = prefix ‖ chunk index (32 bits), associated data
 *     = chunk index ‖ last-chunk flag, so chunks cannot be moved, swapped or dropped from the end
 *     unnoticed; each is ciphertext followed by its 16-byte tag.
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

const nonceOf = (prefix: Buffer, index: number) => {
  const nonce = Buffer.alloc(PREFIX_BYTES + 4);
  prefix.copy(nonce, 0);
  nonce.writeUInt32BE(index, PREFIX_BYTES);
  return nonce;
};

const aadOf = (index: number, last: boolean) => {
  const aad = Buffer.alloc(5);
  aad.writeUInt32BE(index, 0);
  aad[4] = last ? 1 : 0;
  return aad;
};

function sealChunk(seal: FileSeal, index: number, last: boolean, plain: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-gcm', seal.dataKey, nonceOf(seal.prefix, index));
  cipher.setAAD(aadOf(index, last));
  const first = cipher.update(plain);
  const rest = cipher.final();
  return Buffer.concat([first, rest, cipher.getAuthTag()], first.length + rest.length + TAG_BYTES);
}

/** One chunk's plaintext, whole and authenticated before any of it is given out. */
function openChunk(seal: FileSeal, index: number, last: boolean, sealed: Buffer): Buffer {
  const body = sealed.length - TAG_BYTES;
  const decipher = createDecipheriv('aes-256-gcm', seal.dataKey, nonceOf(seal.prefix, index));
  decipher.setAAD(aadOf(index, last));
  decipher.setAuthTag(sealed.subarray(body));
  try {
    const first = decipher.update(sealed.subarray(0, body));
    const rest = decipher.final();
    return rest.length ? Buffer.concat([first, rest]) : first;
  } catch {
    throw damaged(`el bloque ${index} no se autentica (alterado, reordenado o truncado)`);
  }
}

/** How many chunks a plaintext of `size` bytes is sealed in (an empty file: one empty chunk). */
const chunkCount = (size: number, chunkSize: number) => Math.max(1, Math.ceil(size / chunkSize));

/** The stored size of a plaintext of `size` bytes. */
export const storedSizeOf = (size: number, chunkSize = CHUNK_SIZE): number =>
  HEADER_BYTES + size + chunkCount(size, chunkSize) * TAG_BYTES;

/** The plaintext size of an encrypted file of `storedSize` bytes; a size no file of ours can have throws. */
export function plainSizeOf(storedSize: number, chunkSize: number): number {
  const body = storedSize - HEADER_BYTES;
  if (body < TAG_BYTES) throw damaged('truncado');
  const whole = Math.floor(body / (chunkSize + TAG_BYTES));
  const rest = body - whole * (chunkSize + TAG_BYTES);
  if (rest === 0) return whole * chunkSize;
  if (rest < TAG_BYTES) throw damaged('truncado');
  return whole * chunkSize + rest - TAG_BYTES;
}

/**
 * Seals a stream: the header, then each chunk once the next byte shows it is not the last (one
 * chunk held at a time). `counted` hears each piece's plaintext length. An error of the source is
 * thrown as it is.
 */
export async function* encryptStream(
  source: AsyncIterable<Uint8Array | string>,
  sealed: { seal: FileSeal; header: Buffer },
  counted: (bytes: number) => void = () => undefined,
): AsyncGenerator<Buffer> {
  const { seal } = sealed;
  yield sealed.header;
  const chunk = Buffer.allocUnsafe(seal.chunkSize);
  let filled = 0;
  let index = 0;
  for await (const received of source) {
    const piece = typeof received === 'string' ? Buffer.from(received) : received;
    counted(piece.length);
    let offset = 0;
    while (offset < piece.length) {
      if (filled === seal.chunkSize) {
        yield sealChunk(seal, index, false, chunk);
        index += 1;
        filled = 0;
      }
      const taken = Math.min(seal.chunkSize - filled, piece.length - offset);
      chunk.set(piece.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
    }
  }
  yield sealChunk(seal, index, true, chunk.subarray(0, filled));
}

/** Plaintext bytes `start` to `end`, both included (HTTP's way of counting). */
export interface PlainRange {
  start: number;
  end: number;
}

/** Where the chunks that hold a plaintext range lie in the stored file (both ends included). */
export function storedRangeOf(plainSize: number, chunkSize: number, range: PlainRange) {
  const count = chunkCount(plainSize, chunkSize);
  const first = Math.floor(range.start / chunkSize);
  const last = Math.min(count - 1, Math.floor(range.end / chunkSize));
  const sealedLength = (index: number) =>
    (index < count - 1 ? chunkSize : plainSize - (count - 1) * chunkSize) + TAG_BYTES;
  const start = HEADER_BYTES + first * (chunkSize + TAG_BYTES);
  const end = HEADER_BYTES + last * (chunkSize + TAG_BYTES) + sealedLength(last) - 1;
  return { first, last, count, start, end, sealedLength };
}

/**
 * Opens the chunks of a plaintext range from a stream of the stored bytes `storedRangeOf` names,
 * each authenticated whole before any of its bytes is given out; too few or too many bytes, a
 * chunk moved, altered or cut, throws StoredFileUnreadableError.
 */
export async function* decryptRange(
  source: AsyncIterable<Uint8Array>,
  seal: FileSeal,
  plainSize: number,
  range: PlainRange,
): AsyncGenerator<Buffer> {
  const { first, last, count, sealedLength } = storedRangeOf(plainSize, seal.chunkSize, range);
  const sealed = Buffer.allocUnsafe(seal.chunkSize + TAG_BYTES);
  let index = first;
  let expected = sealedLength(index);
  let filled = 0;
  for await (const piece of source) {
    let offset = 0;
    while (offset < piece.length) {
      if (index > last) throw damaged('más bytes de los esperados');
      const taken = Math.min(expected - filled, piece.length - offset);
      sealed.set(piece.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled < expected) continue;
      const plain = openChunk(seal, index, index === count - 1, sealed.subarray(0, expected));
      const at = index * seal.chunkSize;
      const from = Math.max(0, range.start - at);
      const to = Math.min(plain.length, range.end + 1 - at);
      if (to > from) yield from === 0 && to === plain.length ? plain : plain.subarray(from, to);
      index += 1;
      filled = 0;
      if (index <= last) expected = sealedLength(index);
    }
  }
  if (index <= last) throw damaged('truncado');
}
