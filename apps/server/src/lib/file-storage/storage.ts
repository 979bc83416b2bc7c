import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a stored file, both included (as HTTP's Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored key and when its bytes were last written. */
export interface StoredKey {
  key: string;
  modifiedAt: Date;
}

/**
 * Where file bytes live, by opaque key (random, never a user's file name). One interface, two
 * places: the local disk by default, S3-compatible object storage when configured.
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /**
   * Streams `source` under the key, holding at most one S3 part in memory, and answers the byte
   * count. When the source fails (a cut-off upload, a refused type) or storage does, nothing is
   * left under the key and the source's error is thrown.
   */
  write(key: string, source: Readable): Promise<number>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /**
   * The bytes as a stream read from storage as it is consumed (a download never holds a file in
   * memory): `range` names the first and last byte (inclusive), the whole file without it. Null
   * when nothing is stored under the key.
   */
  open(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes the bytes; removing what is not there is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Every stored key of ours (anything else in the place is skipped), for the orphan sweep, in the
   * keys' order; `after` starts past that key (a job going through them batch by batch).
   */
  list(after?: string): AsyncIterable<StoredKey>;
  /**
   * Bytes free where files are written, for readiness to report a store that is full or nearly so;
   * absent where the place sets no such limit we can read (S3).
   */
  freeBytes?(): Promise<number>;
  /** Removes writes left half done by a crash (`*.tmp` on disk) last touched before `before`; answers how many. */
  removePartials(before: Date): Promise<number>;
}

/**
 * One stored file as it lies in storage, opened once: its size, its first bytes, and its bytes read
 * from that same version of it (on disk an open handle; on S3 the object's ETag, a replaced object
 * throws StoredObjectChangedError).
 */
export interface StoredObject {
  size: number;
  /** The first bytes asked for (fewer when the file is shorter). */
  head: Buffer;
  /** Bytes `start` to `end` (both included, within the file); called once, or `close` instead. */
  stream(start: number, end: number): Promise<Readable>;
  /**
   * Where the place allows it (a file on disk), reads `length` bytes at `position` into `buffer`,
   * answering how many there were: read after read, then `close`. Absent on S3.
   */
  readAt?(buffer: Buffer, length: number, position: number): Promise<number>;
  close(): Promise<void>;
}

/** Where bytes lie as they are given (the disk, S3): the encrypted storage above it seals and opens them. */
export interface RawFileStorage extends FileStorage {
  /** The file as it lies, its first `headBytes` read; null when nothing is stored under the key. */
  openStored(key: string, headBytes: number): Promise<StoredObject | null>;
}

/** The stored object changed between two reads of it (a background job replaced it): read it again. */
export class StoredObjectChangedError extends Error {
  constructor(key: string) {
    super(`almacenamiento: el archivo ${key} cambió mientras se leía`);
    this.name = 'StoredObjectChangedError';
  }
}

/**
 * A stored file that cannot be opened: encrypted with a key this instance does not hold
 * ('other-key': an administrator has to give the server the key it was stored with), or damaged or
 * altered ('damaged': its bytes fail authentication; restore it from a backup). Never its bytes.
 */
export class StoredFileUnreadableError extends Error {
  readonly reason: 'other-key' | 'damaged';
  constructor(reason: 'other-key' | 'damaged', detail: string) {
    super(`archivo guardado ilegible: ${detail}`);
    this.name = 'StoredFileUnreadableError';
    this.reason = reason;
  }
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether a name is one of our keys (a UUID). */
export const isStorageKey = (key: string): boolean => KEY.test(key);

/** Keys are ours (UUIDs); refusing anything else keeps a bug from ever reaching outside the store. */
export function assertStorageKey(key: string): void {
  if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`clave de almacenamiento inválida: ${key}`);
}

/**
 * Storage that cannot take a write: 'full' (no space, or the quota is reached), or 'unwritable'
 * (a read-only file system, no rights, the folder is not a folder). Not a bug of ours: the
 * answer says so in Spanish (507 / 503) and an administrator has to act.
 */
export class StorageUnavailableError extends Error {
  readonly reason: 'full' | 'unwritable';
  readonly code: string;
  constructor(reason: 'full' | 'unwritable', code: string, cause: Error) {
    super(`almacenamiento de archivos: ${cause.message}`, { cause });
    this.name = 'StorageUnavailableError';
    this.reason = reason;
    this.code = code;
  }
}

const FULL = new Set(['ENOSPC', 'EDQUOT']);
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOTDIR']);

/** A file-system error that says the store cannot take writes, as a StorageUnavailableError; anything else as it is. */
export function asStorageUnavailable(error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (!(error instanceof Error) || !code) return error;
  if (FULL.has(code)) return new StorageUnavailableError('full', code, error);
  if (UNWRITABLE.has(code)) return new StorageUnavailableError('unwritable', code, error);
  return error;
}
