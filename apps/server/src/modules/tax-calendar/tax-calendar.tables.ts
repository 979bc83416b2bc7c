import { boolean, date, integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

// Owned by the tax-calendar module (tax-calendar.repository.ts). Other modules read a tax year's dates
// through its annualDueDates function (the monthly board's due dates of annual services).

/**
 * The firm's dates of 'Calendario AT', laid over the dates the app ships (packages/shared
 * tax-year-calendar.ts): a row for a shipped key and year replaces its date; a row for another key
 * adds one. Removing the row brings the shipped date back.
 */
export const taxYearDates = pgTable(
  'tax_year_dates',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    taxYear: smallint('tax_year').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    source: text('source'),
    note: text('note'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('tax_year_dates_key_year_unique').on(table.key, table.taxYear)],
);

/**
 * A staff member's calendar feed address (.ics): the random token is kept as its SHA-256 (how a
 * request finds it) and encrypted (so 'Mi perfil' can show it again). One per user; a new one
 * replaces it, and revoking deletes it.
 */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  tokenEncrypted: text('token_encrypted').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
