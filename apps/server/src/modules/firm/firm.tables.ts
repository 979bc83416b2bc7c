import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables.ts';

// Owned by the firm module (firm.repository.ts). Other modules reach the firm's identity through its
// `identity` function (the account statement's and the monthly report's letterhead) and the monthly
// report's day through `reportDay`, never this table.

/** Bytes as PostgreSQL's bytea: the embedded driver answers a Uint8Array, node-postgres a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The firm's identity, one row (id 1): the name, RUT and address its PDFs carry at the top, its logo
 * (a small PNG or JPEG, kept here so backups carry it with the rest), and the day of the month the
 * previous month's report is e-mailed to every company (null: never).
 */
export const firmIdentity = pgTable(
  'firm_identity',
  {
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull().default(''),
    rut: text('rut').notNull().default(''),
    address: text('address').notNull().default(''),
    logo: bytea('logo'),
    /** 'image/png' or 'image/jpeg', as recognised from the logo's bytes; null without a logo. */
    logoType: text('logo_type'),
    monthlyReportDay: smallint('monthly_report_day'),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('firm_identity_single_row', sql`${table.id} = 1`),
    check('firm_identity_report_day', sql`${table.monthlyReportDay} between 1 and 28`),
    check('firm_identity_logo_type', sql`(${table.logo} is null) = (${table.logoType} is null)`),
  ],
);
