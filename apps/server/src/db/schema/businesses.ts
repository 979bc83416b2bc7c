import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { services } from './services.ts';
import { users } from './users.ts';

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
    /** Contact e-mail addresses, comma-separated as the spec's API carries them. */
    contact: text('contact').notNull(),
    /** Declares and pays online (most do): the services' electronic due day applies (issue 21). */
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

/** The company-service link (spec 1 §3 "Business-service link"). */
export const businessServices = pgTable(
  'business_services',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    startDate: date('start_date', { mode: 'string' }).notNull(),
  },
  (table) => [unique('business_services_business_service_unique').on(table.businessId, table.serviceId)],
);

/** Portal credentials; the password is AES-256-GCM ciphertext (`v1:iv:tag:data`, base64), never plain. */
export const businessPasswords = pgTable('business_passwords', {
  id: serial('id').primaryKey(),
  businessId: integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  user: text('user').notNull(),
  portal: text('portal', { enum: ['sii', 'DT', 'previred', 'other'] }).notNull(),
  passwordEncrypted: text('password_encrypted').notNull(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const businessGroups = pgTable('business_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const businessGroupMembers = pgTable(
  'business_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => businessGroups.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.businessId] })],
);
