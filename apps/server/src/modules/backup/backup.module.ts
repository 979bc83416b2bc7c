import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import { SERVER_DIR } from '../../lib/paths.ts';
import type { AppSecrets } from '../../lib/secrets.ts';
import { type AdminAnswer, adminSocketPath, listenAdminSocket } from './admin-socket.ts';
import { BackupError } from './archive.ts';
import { type BackupSchedule, backupJob, SCHEDULED_PREFIX } from './backup.job.ts';
import {
  type BackupDeps,
  type BackupOptions,
  backupToFile,
  describeBackup,
  type StoredSecretsFile,
  writeBackup,
} from './backup.service.ts';

export interface BackupSettings extends BackupSchedule {
  DATA_DIR: string;
  DATABASE_URL?: string;
  BACKUP_DIR?: string;
}

/** Where archives go: BACKUP_DIR, or DATA_DIR/backups. */
export const backupDirOf = (config: BackupSettings) =>
  config.BACKUP_DIR ? path.resolve(config.BACKUP_DIR) : path.join(config.DATA_DIR, 'backups');

export const appVersion = (): string =>
  (JSON.parse(fs.readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as { version: string }).version;

export const secretsFile = (secrets: AppSecrets): StoredSecretsFile => ({
  tokenSecret: secrets.tokenSecret,
  encryptionKey: secrets.encryptionKey.toString('base64'),
  vapidPublicKey: secrets.vapid.publicKey,
  vapidPrivateKey: secrets.vapid.privateKey,
});

export interface BackupModuleDeps {
  db: Db;
  config: BackupSettings;
  secrets: AppSecrets;
  storage: FileStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}

/** Backups taken by the running server: to BACKUP_DIR (the admin socket) or streamed (the owner's download). */
export function createBackupModule(deps: BackupModuleDeps) {
  const { config } = deps;
  const backupDeps: BackupDeps = {
    db: deps.db,
    kind: config.DATABASE_URL ? 'postgres' : 'pglite',
    storage: deps.storage,
    filesDir: path.join(config.DATA_DIR, 'files'),
    secrets: () => secretsFile(deps.secrets),
    appVersion: appVersion(),
  };
  let running = false;
  /** One backup at a time per instance: a second one waits for nothing, it is refused. */
  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    if (running) throw new BackupError('Ya hay un respaldo en curso; espera a que termine.');
    running = true;
    try {
      return await work();
    } finally {
      running = false;
    }
  }
  const backup = {
    toFile: (options: BackupOptions = {}) => exclusive(() => backupToFile(backupDeps, backupDirOf(config), options)),
    toStream: (out: Writable, options: BackupOptions = {}) => exclusive(() => writeBackup(backupDeps, out, options)),
    /** Opens DATA_DIR/run/admin.sock for `npm run backup`; answers how to close it. */
    listenAdminSocket: () =>
      listenAdminSocket(adminSocketPath(config.DATA_DIR), async (request): Promise<AdminAnswer> => {
        const made = await backup.toFile(request);
        return { ok: true, path: made.path, lines: describeBackup(made.summary) };
      }),
  };
  const scheduled = backupJob({
    db: deps.db,
    settings: config,
    dir: backupDirOf(config),
    log: deps.log,
    makeArchive: (now) =>
      exclusive(() => backupToFile(backupDeps, backupDirOf(config), {}, { now, prefix: SCHEDULED_PREFIX })),
  });
  /** The scheduler's job for BACKUP_TIME / BACKUP_CRON (none when neither is set). */
  const jobs = scheduled ? [scheduled] : [];
  return { backup, jobs };
}
