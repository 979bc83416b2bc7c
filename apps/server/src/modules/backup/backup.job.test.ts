import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { backupJob, dueSlot, scheduleOf } from './backup.job.ts';

let first: TestApp;
let second: TestApp;
let dirs: string[];

/** Archive names in a folder. */
const archives = async (dir: string) =>
  (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.tar.gz')).sort();

beforeAll(async () => {
  dirs = await Promise.all([1, 2].map((n) => fs.mkdtemp(path.join(os.tmpdir(), `respaldos-${n}-`))));
  const env = (dir: string) => ({ BACKUP_TIME: '02:30', BACKUP_KEEP: '2', BACKUP_DIR: dir });
  first = await createTestApp(env(dirs[0] ?? ''));
  // A second instance of the same firm, on the same database, with its own backup folder.
  second = await createTestApp(env(dirs[1] ?? ''), { database: first.database });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('scheduled backups', () => {
  it('reads BACKUP_TIME and BACKUP_CRON as Santiago time, and a tick a few minutes late still finds the moment', () => {
    const daily = scheduleOf(loadConfig({ BACKUP_TIME: '02:30' }));
    // 02:30 in Santiago on 24 Nov 2026 (summer time, UTC-3) is 05:30 UTC.
    expect(daily && dueSlot(daily, new Date('2026-11-24T05:30:00Z'))).toBe('2026-11-24T02:30');
    expect(daily && dueSlot(daily, new Date('2026-11-24T05:37:00Z'))).toBe('2026-11-24T02:30');
    expect(daily && dueSlot(daily, new Date('2026-11-24T05:29:00Z'))).toBeNull();
    expect(daily && dueSlot(daily, new Date('2026-11-24T06:30:00Z'))).toBeNull();
    const weekly = scheduleOf(loadConfig({ BACKUP_CRON: '0 23 * * 0' }));
    // Sunday 22 Nov 2026, 23:00 in Santiago = Monday 02:00 UTC.
    expect(weekly && dueSlot(weekly, new Date('2026-11-23T02:00:30Z'))).toBe('2026-11-22T23:00');
    expect(scheduleOf(loadConfig({}))).toBeNull();
    expect(() => loadConfig({ BACKUP_TIME: '25:00' })).toThrow(/BACKUP_TIME/);
    expect(() => loadConfig({ BACKUP_CRON: '0 3 * *' })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_TIME: '02:30', BACKUP_CRON: '0 3 * * *' })).toThrow(/no ambas/);
  });

  it('two instances ticking at the moment make one archive; BACKUP_KEEP keeps the newest scheduled ones, never one made by hand', async () => {
    await first.modules.scheduler.tick(new Date('2026-11-24T05:00:00Z'));
    expect([...(await archives(dirs[0] ?? '')), ...(await archives(dirs[1] ?? ''))]).toEqual([]);

    const manual = await first.modules.backup.toFile({});
    for (const day of ['2026-11-24', '2026-11-25', '2026-11-26']) {
      const at = new Date(`${day}T05:31:00Z`);
      await Promise.all([first.modules.scheduler.tick(at), second.modules.scheduler.tick(at)]);
      const scheduled = [...(await archives(dirs[0] ?? '')), ...(await archives(dirs[1] ?? ''))].filter((name) =>
        name.startsWith('respaldo-auto-'),
      );
      expect(
        scheduled.filter((name) => name.includes(day)),
        day,
      ).toHaveLength(1);
    }
    // One instance alone for two more days: it keeps its newest two scheduled archives and the manual one.
    for (const day of ['2026-11-27', '2026-11-28']) await first.modules.scheduler.tick(new Date(`${day}T05:31:00Z`));
    const kept = await archives(dirs[0] ?? '');
    expect(kept.filter((name) => name.startsWith('respaldo-auto-'))).toEqual([
      expect.stringContaining('2026-11-27'),
      expect.stringContaining('2026-11-28'),
    ]);
    expect(kept).toContain(path.basename(manual.path));
    // Each instance keeps at most 2 of its own; three moments were taken, once each.
    const runs = (await first.database.db.execute(
      'SELECT slot, archive, error FROM backup_runs ORDER BY slot',
    )) as unknown as {
      rows: { slot: string; archive: string | null; error: string | null }[];
    };
    expect(runs.rows.map((row) => row.slot)).toEqual(
      ['24', '25', '26', '27', '28'].map((day) => `2026-11-${day}T02:30`),
    );
    expect(runs.rows.every((row) => row.archive?.startsWith('respaldo-auto-') && row.error === null)).toBe(true);
  });

  it('a scheduled archive that left out files still registered says so in the log, with their count and keys', async () => {
    const warned: { details: unknown; message: string }[] = [];
    const key = '0b8c9d2e-1f3a-4b5c-8d6e-7f8091a2b3c4';
    const job = backupJob({
      db: first.database.db,
      settings: { BACKUP_TIME: '04:15', BACKUP_KEEP: 0 },
      dir: dirs[0] ?? '',
      log: {
        info: () => {},
        error: () => {},
        warn: ((details: unknown, message: string) => warned.push({ details, message })) as never,
      },
      makeArchive: async () => ({
        path: path.join(dirs[0] ?? '', 'respaldo-auto-prueba.tar.gz'),
        summary: { notInStorage: [key], missingFiles: [] },
      }),
    });
    await job?.run(new Date('2026-12-01T07:16:00Z'));
    expect(warned).toEqual([
      {
        details: { archive: path.join(dirs[0] ?? '', 'respaldo-auto-prueba.tar.gz'), count: 1, keys: [key] },
        message:
          'backup: files still registered but not in this instance storage were left out (another instance with its own disk received them; use S3 for several instances)',
      },
    ]);
  });
});
