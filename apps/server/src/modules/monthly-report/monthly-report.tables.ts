import { integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';

// Owned by the monthly-report module (monthly-report.repository.ts): nobody else reads it.

/**
 * The e-mailed monthly report of a company and period: claimed by inserting this row before the
 * mail, so any number of instances send it once. `outcome` is the e-mail's once known ('sent',
 * 'outbox' when mail is not configured, 'failed'); a failed one is claimed again later, up to three tries.
 */
export const monthlyReportSends = pgTable(
  'monthly_report_sends',
  {
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Tries so far, this one included. */
    attempts: smallint('attempts').notNull().default(1),
    outcome: text('outcome'),
    /** The e-mail log's entry of the last try (no foreign key: the e-mail module owns that table). */
    emailLogId: integer('email_log_id'),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.year, table.month] })],
);
