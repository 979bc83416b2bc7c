import { type AnyPgColumn, boolean, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { joinedText, searchVector } from '../../lib/subject-search.ts';
import { users } from '../users/users.tables.ts';

// Owned by the businesses module. Other modules reach a company through the functions it hands out in
// compose-modules.ts (getById, assertExists, assertAllExist, list, listActive, listByIds, listIds,
// listNames); the company import reads and writes companies through findByRuts, lockByIds, insertMany
// and updateWithRut, inside its one transaction.

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
    /** 'Régimen tributario' (TAX_REGIMES of the shared schema), null while not set. */
    taxRegime: text('tax_regime'),
    /** 'Tiene trabajadores': Previred, the electronic payroll book and the payroll DJ apply. */
    hasEmployees: boolean('has_employees').notNull().default(false),
    /** 'IVA postergado': pays its VAT up to two months later. */
    vatDeferred: boolean('vat_deferred').notNull().default(false),
    /**
     * The staff member who owns the company ('Encargado'). Deleting the user empties it, and so does
     * making them a client (a trigger of migration 0017): the company then has no owner until one is chosen.
     */
    /**
     * 'Seguimiento desde', 'YYYY-MM': the first month the firm tracks the company; before it its
     * cells are 'N/A' on both boards and never late. Null: since the contract start.
     */
    trackingSince: text('tracking_since'),
    responsibleUserId: integer('responsible_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('businesses_responsible_user_id_idx').on(table.responsibleUserId),
    // 'Buscar titular': the companies whose contacts or legal representative name a person.
    index('businesses_subject_search_idx').using(
      'gin',
      searchVector(joinedText(table.contact, table.legalRepresentative)),
    ),
  ],
);
