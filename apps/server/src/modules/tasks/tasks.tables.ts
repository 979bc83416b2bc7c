import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the tasks module (tasks.repository.ts, task-states.repository.ts). Other modules reach tasks
// through its functions (listApplying, listRows, listSavedCells, isResponsible).

/**
 * A recurring internal task. Its responsible is a staff user; a user who is still
 * responsible of a task cannot be deleted (restrict), so every task keeps someone in charge.
 */
export const tasks = pgTable('tasks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  responsableId: integer('responsable_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  /** Day of the month (1-31) the task falls due, in the month after the period. */
  expirationDate: smallint('expiration_date').notNull(),
  showInSummary: boolean('show_in_summary').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company in a task from `startDate` on (`businessInTask` on the wire). */
export const businessInTask = pgTable(
  'business_in_task',
  {
    id: serial('id').primaryKey(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
  },
  (table) => [unique('business_in_task_unique').on(table.taskId, table.businessId)],
);

const stateCheck = (column: string) => sql.raw(`${column} in ('No comenzado', 'En proceso', 'Terminado')`);

/**
 * The columns that name one cell of the task board (a task, a company, a month), shared by its saved
 * state and its history: a new set of builders on each call, since a table takes its columns' builders.
 */
const taskCellColumns = () => ({
  id: serial('id').primaryKey(),
  taskId: integer('task_id')
    .notNull()
    .references(() => tasks.id, { onDelete: 'cascade' }),
  businessId: integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  year: smallint('year').notNull(),
  month: smallint('month').notNull(),
});

/** The chosen state of a company's task in one month; a cell without a row is 'No comenzado'. */
export const taskStates = pgTable(
  'task_states',
  {
    ...taskCellColumns(),
    state: text('state').notNull(),
    value: text('value'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedByName: text('updated_by_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('task_states_cell_unique').on(table.taskId, table.businessId, table.year, table.month),
    index('task_states_period_idx').on(table.year, table.month),
    check('task_states_state_check', stateCheck('state')),
  ],
);

/** Every change of a task cell, kept as the monthly board keeps its own. */
export const taskStateHistory = pgTable(
  'task_state_history',
  {
    ...taskCellColumns(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    value: text('value'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('task_state_history_cell_idx').on(table.taskId, table.businessId, table.year, table.month)],
);
