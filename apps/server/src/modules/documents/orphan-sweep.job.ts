import type { FastifyBaseLogger } from 'fastify';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import type { FileRemover } from './file-removals.ts';

/** How often the stored bytes without rows are looked for (besides the scheduler's first tick, at start-up). */
export const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Bytes a crash left without rows: the documents module's job, which the scheduler runs at its first
 * tick and then every hour. A sweep that fails (storage unreachable) is put off to the next hour.
 */
export function orphanSweepJob(fileRemover: FileRemover, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): ScheduledJob {
  return {
    name: 'orphan-sweep',
    everyMs: ORPHAN_SWEEP_EVERY_MS,
    async run() {
      try {
        const { removed, partials } = await fileRemover.sweepOrphans();
        if (removed + partials > 0) log.info({ removed, partials }, 'orphaned stored files removed');
      } catch (error) {
        log.warn({ error: error instanceof Error ? error.message : String(error) }, 'orphan sweep postponed');
      }
    },
  };
}
