import path from 'node:path';
import { createDiskStorage } from './disk-storage.ts';
import { createEncryptedStorage, type EncryptedFileStorage } from './encrypted-storage.ts';
import { createFileKeyring } from './file-encryption.ts';
import { createS3Storage } from './s3-storage.ts';
import type { RawFileStorage } from './storage.ts';

export type { EncryptedFileStorage, StoredFileState } from './encrypted-storage.ts';
export type { FileStorage, RawFileStorage } from './storage.ts';

/** The settings that choose where file bytes live (config.ts's names; the app's config fits as it is). */
export interface FileStorageSettings {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

/** Where the bytes lie, as they lie (encrypted, or plain from before): what backups copy and restores write back. */
export function createRawFileStorage(config: FileStorageSettings): RawFileStorage {
  if (config.S3_BUCKET && config.S3_ENDPOINT && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return createDiskStorage(path.join(config.DATA_DIR, 'files'));
}

/** The firm's keys files are encrypted with, and whether new files are (FILE_ENCRYPTION). */
export interface FileEncryptionSettings {
  /** The firm's ENCRYPTION_KEY (32 bytes). */
  encryptionKey: Buffer;
  /** The key before a rotation (PREVIOUS_ENCRYPTION_KEY, base64): files wrapped with it are read and re-wrapped. */
  PREVIOUS_ENCRYPTION_KEY?: string;
  FILE_ENCRYPTION?: 'on' | 'off';
}

/** The app's file storage: files encrypted at rest on the disk or in S3. */
export function createFileStorage(
  config: FileStorageSettings,
  encryption: FileEncryptionSettings,
): EncryptedFileStorage {
  const previous = encryption.PREVIOUS_ENCRYPTION_KEY
    ? Buffer.from(encryption.PREVIOUS_ENCRYPTION_KEY, 'base64')
    : undefined;
  return createEncryptedStorage(createRawFileStorage(config), createFileKeyring(encryption.encryptionKey, previous), {
    encrypt: encryption.FILE_ENCRYPTION !== 'off',
  });
}
