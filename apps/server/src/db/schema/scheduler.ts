import { integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from './businesses.ts';
import { serviceNotifications } from './services.ts';

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
