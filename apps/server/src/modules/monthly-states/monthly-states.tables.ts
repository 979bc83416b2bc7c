import { bigint, index, integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { serviceStates, services } from '../services/services.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the monthly-states module (monthly-states.repository.ts). The morning digest reads saved cells
// through its listSavedCells function.

/** What a saved cell and each change of it name: the company's service in one month. */
const serviceCellColumns = () => ({
  id: serial('id').primaryKey(),
  businessId: integer('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  year: smallint('year').notNull(),
  month: smallint('month').notNull(),
});

/**
 * The chosen state of a company's service in one month. A cell without a row shows
 * the service's first state (lowest order). Deleting the company, the service or the state removes it.
 */
export const monthlyStates = pgTable(
  'monthly_states',
  {
    ...serviceCellColumns(),
    stateId: integer('state_id')
      .notNull()
      .references(() => serviceStates.id, { onDelete: 'cascade' }),
    /** Pesos, whole (the 'Valor' modal); null for states without a value. */
    value: bigint('value', { mode: 'number' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'Javier P.': the last change's author, as the cell's tooltip shows it. */
    updatedByName: text('updated_by_name').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('monthly_states_cell_unique').on(table.businessId, table.serviceId, table.year, table.month),
    index('monthly_states_period_idx').on(table.year, table.month),
  ],
);

/** Every change of a cell, kept: who moved it from which state to which, with which value, when. */
export const monthlyStateHistory = pgTable(
  'monthly_state_history',
  {
    ...serviceCellColumns(),
    fromStateId: integer('from_state_id').references(() => serviceStates.id, { onDelete: 'set null' }),
    toStateId: integer('to_state_id').references(() => serviceStates.id, { onDelete: 'set null' }),
    value: bigint('value', { mode: 'number' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'Javier P.' at the time of the change, so history still says who after the user is deleted. */
    userName: text('user_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('monthly_state_history_cell_idx').on(table.businessId, table.serviceId, table.year, table.month),
    // The panel's punctuality reads a period's history at once.
    index('monthly_state_history_period_idx').on(table.year, table.month),
  ],
);
