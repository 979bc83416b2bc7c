import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

// The firm's users and its client companies are declared together because each points at the other:
// a client user belongs to a company, and a company has a staff member as its owner ('Encargado').

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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`)],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/** Client companies. rut is stored normalised (`12.345.678-5`) and is unique. */
export const businesses = pgTable(
  'businesses',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    razonSocial: text('razon_social').notNull(),
    rut: text('rut').notNull().unique(),
    startContract: date('start_contract', { mode: 'string' }).notNull(),
    endContract: date('end_contract', { mode: 'string' }),
    legalRepresentative: text('legal_representative').notNull(),
    /** Contact e-mail addresses, comma-separated as the API carries them. */
    contact: text('contact').notNull(),
    /** Declares and pays online (most do): the services' electronic due day applies. */
    electronicFiling: boolean('electronic_filing').notNull().default(true),
    /**
     * The staff member who owns the company ('Encargado'). Deleting the user empties it, and so does
     * making them a client (a trigger of migration 0017): the company then has no owner until one is chosen.
     */
    responsibleUserId: integer('responsible_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('businesses_responsible_user_id_idx').on(table.responsibleUserId)],
);
