import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

// Owned by the second-factor module (second-factor.repository.ts), with the firm's setting that requires
// it. Sign-in reaches them only through the challenges and the second-factor service.

/**
 * A user's TOTP second factor. The secret is encrypted with the vault; `enabledAt` is
 * null while the set-up waits for its first code. `lastUsedStep` is the time step of the last code
 * accepted, so the same code (or an earlier one) is refused when replayed.
 */
export const userSecondFactors = pgTable('user_second_factors', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored only as a keyed hash (HMAC-SHA256 with the token secret). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** The firm's own settings: one row (id 1). */
export const firmSettings = pgTable(
  'firm_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Owners and collaborators must set up a second factor at their next sign-in. */
    requireSecondFactor: boolean('require_second_factor').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('firm_settings_single_row', sql`${table.id} = 1`)],
);
