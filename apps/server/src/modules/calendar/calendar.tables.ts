import { boolean, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

// Owned by the calendar module (calendar.repository.ts); no other module reads it.

/** An owner's linked Google account; its tokens are kept encrypted (AES-256-GCM, lib/vault.ts). */
export const googleAccounts = pgTable('google_accounts', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull().default(''),
  refreshTokenEncrypted: text('refresh_token_encrypted').notNull(),
  accessTokenEncrypted: text('access_token_encrypted'),
  accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
  /** Set when Google refused the refresh token (revoked): an owner must link the account again. */
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A calendar of a linked account; active ones feed the firm's calendar page. */
export const googleCalendars = pgTable(
  'google_calendars',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => googleAccounts.id, { onDelete: 'cascade' }),
    googleId: text('google_id').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(false),
  },
  (table) => [unique('google_calendars_unique').on(table.accountId, table.googleId)],
);
