import { integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';

// Owned by the groups module (groups.repository.ts). The company import reads and writes groups through
// its functions (listNames, namesOfBusinesses, insertNamed, addMembers), inside its one transaction.

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
