import { date, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Owned by the holidays module (holidays.repository.ts). Other modules reach the firm's calendar of
// business days through its `calendar` function (handed out in compose-modules.ts), never this table.

/**
 * The firm's extra holidays ('Feriados adicionales'): days a law declares at short notice, or the
 * firm observes, that due dates skip like Chile's national holidays. One row per day.
 */
export const firmHolidays = pgTable('firm_holidays', {
  id: serial('id').primaryKey(),
  date: date('date', { mode: 'string' }).notNull().unique(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
