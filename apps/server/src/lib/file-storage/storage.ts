/**
 * Where file bytes live, by opaque key (random, never a user's file name). One interface, two
 * places: the local disk by default, S3-compatible object storage when configured (DESIGN.md §1).
 */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; removing what is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are ours (UUIDs); refusing anything else keeps a bug from ever reaching outside the store. */
export function assertStorageKey(key: string): void {
  if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error(`clave de almacenamiento inválida: ${key}`);
}
