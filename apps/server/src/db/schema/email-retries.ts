import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { emailLog } from './email-log.ts';

/**
 * A logged e-mail whose send failed and will be tried again at `nextAttemptAt` (the scheduler
 * claims the row by deleting it). Its log entry shows the latest outcome meanwhile.
 */
export const emailRetries = pgTable(
  'email_retries',
  {
    emailLogId: integer('email_log_id')
      .primaryKey()
      .references(() => emailLog.id, { onDelete: 'cascade' }),
    /** The tries made so far. */
    attempts: integer('attempts').notNull(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    replyTo: text('reply_to'),
  },
  (table) => [index('email_retries_next_attempt_idx').on(table.nextAttemptAt)],
);
