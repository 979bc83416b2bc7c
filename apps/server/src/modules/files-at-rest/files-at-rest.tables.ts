import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Owned by the files-at-rest module (files-at-rest.repository.ts). No other module reads it.

/**
 * The at-rest job's progress through the stored files, one row (id 1): the pass in progress (its
 * key, the last stored key handled, what it did so far), when a pass last went through every file
 * with nothing left to do, and the claim that lets one instance at a time work.
 */
export const fileEncryptionProgress = pgTable(
  'file_encryption_progress',
  {
    id: integer('id').primaryKey(),
    /** The file key (its id, hex) the pass brings every file under. */
    keyId: text('key_id'),
    /** The last stored key handled in this pass (keys are gone through in order); null at its start. */
    cursor: text('cursor'),
    passStartedAt: timestamp('pass_started_at', { withTimezone: true }),
    /** Plain files encrypted, files re-wrapped from the previous key, files no key here opens: in this pass. */
    encrypted: integer('encrypted').notNull().default(0),
    rewrapped: integer('rewrapped').notNull().default(0),
    unreadable: integer('unreadable').notNull().default(0),
    /** When this pass went through every file; null while it is under way. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Until when an instance works on it (it renews the claim as it goes, and clears it when done). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (table) => [check('file_encryption_progress_one_row', sql`${table.id} = 1`)],
);
