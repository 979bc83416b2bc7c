import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

// Owned by the auth module: password recovery (password-reset.repository.ts) and the throttling counters
// (attempt-store.ts). Other modules reach them only through the auth service's functions (claimOnce,
// startCurrentPasswordCheck, startSecondFactorAttempt).

/** Password recovery tokens, stored only as a SHA-256 hash, single use. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Throttling counters (failed sign-ins, recovery requests, bad recovery tokens) shared by every
 * instance and kept across restarts: one row per key and fixed window. Keys hold hashes and
 * client addresses, never an e-mail in plain text; rows whose window ended are pruned.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_attempts_expires_at_idx').on(table.expiresAt)],
);
