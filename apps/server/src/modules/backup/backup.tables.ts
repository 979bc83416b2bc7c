import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Owned by the backup module (backup.repository.ts): the scheduled backups claim their moment here. No
// other module reads it.

/**
 * One row per scheduled backup moment, inserted by the instance that takes it: with several
 * instances on one database only the one whose insert succeeds makes the backup.
 */
export const backupRuns = pgTable('backup_runs', {
  /** The scheduled minute in Santiago, `2026-11-24T03:00`. */
  slot: text('slot').primaryKey(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  /** The archive's file name, or why it failed. */
  archive: text('archive'),
  error: text('error'),
});
