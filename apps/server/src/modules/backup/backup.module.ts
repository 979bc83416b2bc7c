import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { backupMsg } from '@app/shared/messages-backup';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest } from '../../lib/app-error.ts';
import type { RawFileStorage } from '../../lib/file-storage/file-storage.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { SERVER_DIR } from '../../lib/paths.ts';
import type { AppSecrets } from '../../lib/secrets.ts';
import { type AdminAnswer, adminSocketPath, listenAdminSocket } from './admin-socket.ts';
import { BackupError } from './archive.ts';
import { type BackupSchedule, backupJob, SCHEDULED_PREFIX } from './backup.job.ts';
import { backupRoutes } from './backup.routes.ts';
import {
  archiveName,
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
  /** The stored bytes as they lie (encrypted): archives carry them so. */
  storage: RawFileStorage;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The auth module's throttle of password re-checks (429 past its limit). */
  startPasswordCheck(userId: number): Promise<{ succeeded(): Promise<void> }>;
  /** The users module's row of a user (its password hash). */
  findUser(id: number): Promise<{ passwordHash: string } | undefined>;
}

/** Backups taken by the running server: to BACKUP_DIR (the admin socket) or streamed (the owner's download). */
export function createBackupModule(deps: BackupModuleDeps) {
  const { config } = deps;
  const backupDeps: BackupDeps = {
    db: deps.db,
    kind: config.DATABASE_URL ? 'postgres' : 'pglite',
    storage: deps.storage,
    secrets: () => secretsFile(deps.secrets),
    encryptionKey: deps.secrets.encryptionKey,
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
    busy: () => running,
    archiveName: () => archiveName(new Date()),
    async confirmPassword(userId: number, password: string) {
      const check = await deps.startPasswordCheck(userId);
      const user = await deps.findUser(userId);
      if (!user || !(await verifyPassword(password, user.passwordHash))) {
        throw badRequest(backupMsg.wrongPassword, 'password');
      }
      await check.succeeded();
    },
    toFile: (options: BackupOptions = {}) => exclusive(() => backupToFile(backupDeps, backupDirOf(config), options)),
    toStream: (out: Writable, options: BackupOptions = {}) => exclusive(() => writeBackup(backupDeps, out, options)),
    /** A download's activity entry: the archive's name and whether it carries the keys. */
    recordDownload: (actor: ActivityActor, archive: string, withSecrets: boolean) =>
      recordActivity(deps.db, actor, {
        kind: 'backup',
        action: 'downloaded',
        recordLabel: archive,
        details: { after: { archivo: archive, incluyeClaves: withSecrets } },
      }),
    /** Opens DATA_DIR/run/admin.sock for `npm run backup`; answers how to close it. */
    async listenAdminSocket(): Promise<() => Promise<void>> {
      const socketPath = adminSocketPath(config.DATA_DIR);
      try {
        return await listenAdminSocket(socketPath, async (request): Promise<AdminAnswer> => {
          const made = await backup.toFile(request);
          return { ok: true, path: made.path, lines: describeBackup(made.summary) };
        });
      } catch (error) {
        // The server runs without it (a path too long for a socket, a folder it cannot write):
        // `npm run backup` then finds the database in use and says so.
        deps.log.warn(
          { err: error, socketPath },
          'backup: admin socket not available; npm run backup needs the server stopped',
        );
        return async () => {};
      }
    },
  };
  const scheduled = backupJob({
    db: deps.db,
    settings: config,
    dir: backupDirOf(config),
    log: deps.log,
    makeArchive: (now) =>
      exclusive(() => backupToFile(backupDeps, backupDirOf(config), {}, { now, prefix: SCHEDULED_PREFIX })),
  });
  return {
    ...backup,
    routes: (app: FastifyInstance) => app.register(backupRoutes, { backup }),
    /** The scheduler's job for BACKUP_TIME / BACKUP_CRON (none when neither is set). */
    jobs: scheduled ? [scheduled] : [],
  };
}
