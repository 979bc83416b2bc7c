import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

// Owned by the push module (push.repository.ts). The users module stores a browser's subscription through
// its saveSubscription function; the scheduler sends through sendToUser.

/**
 * The browsers a user signed in with that accept Web Push (one row per browser, found by its
 * endpoint). A row the push service answers 404/410 for is deleted when a send finds it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser; one browser belongs to its latest user. */
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url): what the payload is encrypted to. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('push_subscriptions_user_idx').on(table.userId)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
