import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

// Owned by the data-subjects module (data-subjects.repository.ts). Nobody else reads it: the other
// modules' rows about a person are reached through their own functions (compose-modules.ts).

/** One line of what a suppression removed or kept: no personal data, only what, how many and why. */
export interface SuppressionLineRow {
  what: string;
  count: number;
  reason: string;
}

/**
 * Each suppression ('Suprimir'), its id the N of the pseudonym 'Titular suprimido #N'. Keeps the
 * proof that the request was carried out (when, by whom, what was removed and what kept, and why),
 * never who the person was: their account, if any, is named by id and is itself pseudonymised.
 */
export const subjectSuppressions = pgTable('subject_suppressions', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  suppressedBy: integer('suppressed_by').references(() => users.id, { onDelete: 'set null' }),
  suppressedAt: timestamp('suppressed_at', { withTimezone: true }).notNull().defaultNow(),
  /** How the person was searched: 'email', 'rut' or 'name' (the term itself is not kept). */
  searchedBy: text('searched_by', { enum: ['email', 'rut', 'name'] }).notNull(),
  removed: jsonb('removed').$type<SuppressionLineRow[]>().notNull(),
  kept: jsonb('kept').$type<SuppressionLineRow[]>().notNull(),
});
