import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

// Owned by the sessions module (sessions.repository.ts). Signing in and out, the realtime rechecks and
// 'Mi perfil' reach sessions through its functions (start, resolve, resolveFresh, resolveIn, noteUse,
// endForUser, announceEndedForUser).

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
