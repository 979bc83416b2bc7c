import { boolean, date, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { businesses } from './firm.ts';
import { services } from './services.ts';

export { businesses };

/** The company-service link: the service applies to the company from `startDate` while it is active. */
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
