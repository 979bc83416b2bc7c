import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { parseCron } from '../../lib/cron.ts';
import { santiagoClock } from '../scheduler/santiago-clock.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { claimRun, finishRun } from './backup.repository.ts';

export interface BackupSchedule {
  BACKUP_TIME?: string;
  BACKUP_CRON?: string;
  BACKUP_KEEP: number;
}

/** Scheduled archives are named apart, so that keeping BACKUP_KEEP of them never removes one made by hand. */
export const SCHEDULED_PREFIX = 'respaldo-auto-';

/** A tick may come late (a busy server, a restart): a moment this recent that was not taken yet still is. */
const LOOK_BACK_MINUTES = 10;

/** The test of a Santiago minute the settings give, or null when no backup is scheduled. */
export function scheduleOf(settings: BackupSchedule) {
  const cron = settings.BACKUP_CRON
    ? parseCron(settings.BACKUP_CRON)
    : settings.BACKUP_TIME
      ? parseCron(`${Number(settings.BACKUP_TIME.slice(3))} ${Number(settings.BACKUP_TIME.slice(0, 2))} * * *`)
      : null;
  return cron;
}

/** The latest scheduled Santiago minute within the look-back window, as `2026-11-24T02:30`; null when none. */
export function dueSlot(matches: NonNullable<ReturnType<typeof scheduleOf>>, now: Date): string | null {
  for (let back = 0; back <= LOOK_BACK_MINUTES; back += 1) {
    const clock = santiagoClock(new Date(now.getTime() - back * 60_000));
    const hour = Math.floor(clock.minutes / 60);
    const minute = clock.minutes % 60;
    const weekday = new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();
    if (matches({ minute, hour, day: clock.day, month: clock.month, weekday })) {
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${clock.year}-${pad(clock.month)}-${pad(clock.day)}T${pad(hour)}:${pad(minute)}`;
    }
  }
  return null;
}

/** Removes the oldest scheduled archives beyond `keep` (0 keeps all); answers the names removed. */
export async function pruneScheduled(dir: string, keep: number): Promise<string[]> {
  if (keep <= 0) return [];
  const names = (await fs.readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.startsWith(SCHEDULED_PREFIX) && name.endsWith('.tar.gz'))
    .sort();
  const removed = names.slice(0, Math.max(0, names.length - keep));
  for (const name of removed) await fs.rm(path.join(dir, name), { force: true });
  return removed;
}

export interface BackupJobDeps {
  db: Db;
  settings: BackupSchedule;
  dir: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Writes a scheduled archive into `dir`, named after `now`; answers its path and the files it left out. */
  makeArchive(now: Date): Promise<{ path: string; summary: { notInStorage: string[]; missingFiles: string[] } }>;
}

/**
 * BACKUP_TIME / BACKUP_CRON: at each tick, the due moment (if any) is claimed in backup_runs, so
 * with several instances one makes the archive; then the oldest scheduled archives beyond
 * BACKUP_KEEP are removed.
 */
export function backupJob(deps: BackupJobDeps): ScheduledJob | null {
  const matches = scheduleOf(deps.settings);
  if (!matches) return null;
  return {
    name: 'backups',
    async run(now) {
      const slot = dueSlot(matches, now);
      if (!slot || !(await claimRun(deps.db, slot))) return;
      try {
        const made = await deps.makeArchive(now);
        await finishRun(deps.db, slot, { archive: path.basename(made.path) });
        const removed = await pruneScheduled(deps.dir, deps.settings.BACKUP_KEEP);
        deps.log.info({ archive: made.path, removed }, 'backup: scheduled archive written');
        // Nobody reads a scheduled backup's output: files it could not include are said in the log.
        const { notInStorage, missingFiles } = made.summary;
        if (notInStorage.length) {
          deps.log.warn(
            { archive: made.path, count: notInStorage.length, keys: notInStorage.slice(0, 20) },
            'backup: files still registered but not in this instance storage were left out (another instance with its own disk received them; use S3 for several instances)',
          );
        }
        if (missingFiles.length) {
          deps.log.info(
            { archive: made.path, count: missingFiles.length, keys: missingFiles.slice(0, 20) },
            'backup: files deleted while the backup ran were left out',
          );
        }
      } catch (error) {
        await finishRun(deps.db, slot, { error: (error as Error).message }).catch(() => undefined);
        throw error;
      }
    },
  };
}
