import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { joinedText, searchVector } from '../../lib/subject-search.ts';
import { businesses } from '../businesses/businesses.tables.ts';

// Owned by the users module (users and profile services write it). Other modules reach a user through
// the functions it hands out in compose-modules.ts (findById, findByEmail, findSessionUser, nameOf,
// listNames, fullNamesOf, listStaff, listDigestRecipients, countClientsOf, isStaffWhileWriting). A
// client user belongs to a company and a company points at its staff owner: each table names the other
// only inside a reference callback, so the two files may import each other.

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['owner', 'collaborator', 'client'] }).notNull(),
    /** The company of a client user; deleting the company deletes its client users. */
    businessId: integer('business_id').references((): AnyPgColumn => businesses.id, { onDelete: 'cascade' }),
    allowCalendarView: boolean('allow_calendar_view').notNull().default(false),
    /** Staff receive the 08:00 digest of what is overdue or due within the week unless they opt out. */
    morningDigest: boolean('morning_digest').notNull().default(true),
    /**
     * When the account's holder had their data suppressed ('Suprimir', data-subjects module): the
     * account is disabled, its name and e-mail are a pseudonym, and no list or mailing includes it.
     */
    suppressedAt: timestamp('suppressed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    // 'Buscar titular': the accounts whose name and surname hold every word searched.
    index('users_subject_search_idx').using('gin', searchVector(joinedText(table.name, table.lastName))),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
