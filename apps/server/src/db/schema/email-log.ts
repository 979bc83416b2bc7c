import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { users } from './users.ts';

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
  ],
);
