import { date, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { serviceNotifications } from '../services/services.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the scheduler module: the claims its jobs make before sending, so that one instance sends each
// mail once. No other module reads them.

/**
 * A service notification's monthly e-mail to one company, claimed before it is sent: the key lets
 * one instance, once, send a notification to a company in a period.
 */
export const serviceNotificationSends = pgTable(
  'service_notification_sends',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => serviceNotifications.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.notificationId, table.businessId, table.year, table.month] })],
);

/**
 * The morning digest of one staff member on one day (America/Santiago), claimed before it is
 * sent: the key lets one instance, once, send a user their digest of a day. A user with nothing
 * due is claimed too, without a mail, so the day's later ticks only read these rows.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
