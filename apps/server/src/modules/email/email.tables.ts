import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { joinedText, searchVector } from '../../lib/subject-search.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the email module (email.repository.ts): every send is logged here, and a failed one is queued
// for retry. Other modules send and read deliveries only through its functions (send, sendAutomatic,
// deliveries, retryDue).

/** Every e-mail the firm sent or tried to send, with the provider's answer. */
export const emailLog = pgTable(
  'email_log',
  {
    id: serial('id').primaryKey(),
    /** The company it was about; deleting the company keeps the entry, 'sin empresa'. */
    businessId: integer('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    /** Recipients, comma-separated. */
    emails: text('emails').notNull(),
    content: text('content').notNull(),
    ok: boolean('ok').notNull(),
    providerResponse: text('provider_response').notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_log_business_created_idx').on(table.businessId, table.createdAt),
    // The log's pages, newest first, without sorting the whole log each time.
    index('email_log_created_idx').on(table.createdAt, table.id),
    // 'Buscar titular': what a person sent, and the mails that name them (lib/subject-search.ts).
    index('email_log_sent_by_idx').on(table.sentBy),
    index('email_log_subject_search_idx').using(
      'gin',
      searchVector(joinedText(table.emails, table.subject, table.content)),
    ),
  ],
);

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
