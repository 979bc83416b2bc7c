import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { services } from '../services/services.tables.ts';
import { tasks } from '../tasks/tasks.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the time module (time.repository.ts). Other modules reach these rows through its
// functions (the morning digest's `usersWithoutTimeOn`), never these tables.

/**
 * Time a staff member spent on a company ('Registro de tiempo'): a finished entry (typed by hand, or a
 * stopped timer) or the running timer, the one row of its user with `ended_at` null (the partial
 * unique index keeps it to one). `date` is the Santiago day the entry counts for; `minutes` is
 * null only while it runs.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    minutes: integer('minutes'),
    date: date('date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('time_entries_one_running_idx').on(table.userId).where(sql`${table.endedAt} is null`),
    index('time_entries_user_date_idx').on(table.userId, table.date),
    index('time_entries_date_idx').on(table.date),
    check(
      'time_entries_minutes_check',
      sql`(${table.endedAt} is null and ${table.minutes} is null) or (${table.endedAt} is not null and ${table.minutes} >= 0)`,
    ),
  ],
);

/** Each staff member's hourly cost in whole pesos, set by an owner ('Costo por hora'). */
export const staffHourlyCosts = pgTable(
  'staff_hourly_costs',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    hourlyCost: integer('hourly_cost').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('staff_hourly_costs_range_check', sql`${table.hourlyCost} between 0 and 10000000`)],
);

/** A staff member's own settings of time tracking: the morning reminder when yesterday has no entry. */
export const timeSettings = pgTable('time_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  remind: boolean('remind').notNull().default(false),
});
