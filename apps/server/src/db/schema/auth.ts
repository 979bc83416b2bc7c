import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One row per signed-in token; deleting the row revokes the token (logout, password change). */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Where the session was opened from ('Mi perfil' lists them). */
  ip: text('ip'),
  userAgent: text('user_agent'),
});

/**
 * When and from where each session was last used, kept apart from `sessions` so that noting a use
 * does not make every instance's live-sessions cache read again (that cache watches `sessions`).
 */
export const sessionUses = pgTable('session_uses', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip'),
});

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
