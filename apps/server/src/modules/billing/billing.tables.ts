import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the billing module ('Honorarios y cobranza'): the firm's fees, UF values, the charges it
// generates, payments and their allocations, the bank statement's lines, its settings and the
// reminders' send-once claims. Other modules reach them only through the functions
// createBillingModule answers (billing.module.ts). Amounts are whole pesos (bigint); UF amounts and
// UF values whole hundredths; tax rates basis points. Deleting a company removes its billing rows
// with it (the company's other rows go the same way); the app itself never deletes a charge or a
// payment: it voids or reverses them, keeping the reason.

const CURRENCY = ['CLP', 'UF'] as const;
const DOCUMENT_TYPE = ['factura_afecta', 'factura_exenta', 'boleta_honorarios'] as const;
const inList = (column: string, values: readonly string[]) =>
  sql.raw(`"${column}" in (${values.map((value) => `'${value}'`).join(', ')})`);

const money = (name: string) => bigint(name, { mode: 'number' });
const createdBy = () => integer('created_by').references(() => users.id, { onDelete: 'set null' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A company's fee terms, one row per version: a change inserts a new version in force from its
 * month (`effective_from`, the month's first day), so the history stays. The terms in force for a
 * month are the latest version effective on or before it (ties: the highest id).
 */
export const billingFeeTerms = pgTable(
  'billing_fee_terms',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    currency: text('currency', { enum: CURRENCY }).notNull(),
    /** Pesos for CLP, UF hundredths for UF. */
    amount: money('amount').notNull(),
    documentType: text('document_type', { enum: DOCUMENT_TYPE }).notNull(),
    /** 1–28: the day of the month the charge is issued. */
    billingDay: smallint('billing_day').notNull(),
    paymentTermDays: smallint('payment_term_days').notNull(),
    /** Billing e-mails, comma-separated; '' means the company's own contacts. */
    contacts: text('contacts').notNull().default(''),
    /** The last month billed (its first day), or null. */
    toMonth: date('to_month', { mode: 'string' }),
    /** False: billing stops from `effective_from`. */
    active: boolean('active').notNull().default(true),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (table) => [
    index('billing_fee_terms_business_idx').on(table.businessId, table.effectiveFrom, table.id),
    check('billing_fee_terms_currency_check', inList('currency', CURRENCY)),
    check('billing_fee_terms_document_type_check', inList('document_type', DOCUMENT_TYPE)),
    check('billing_fee_terms_billing_day_check', sql`${table.billingDay} between 1 and 28`),
    check('billing_fee_terms_amount_check', sql`${table.amount} > 0`),
  ],
);

/** Charges beside the fee: once in a month (`once_month`) or every year in a month (`month_of_year`). */
export const billingExtraCharges = pgTable(
  'billing_extra_charges',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    currency: text('currency', { enum: CURRENCY }).notNull(),
    amount: money('amount').notNull(),
    documentType: text('document_type', { enum: DOCUMENT_TYPE }).notNull(),
    recurrence: text('recurrence', { enum: ['once', 'yearly'] }).notNull(),
    onceMonth: date('once_month', { mode: 'string' }),
    monthOfYear: smallint('month_of_year'),
    active: boolean('active').notNull().default(true),
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('billing_extra_charges_business_idx').on(table.businessId),
    check(
      'billing_extra_charges_schedule_check',
      sql`(${table.recurrence} = 'once' and ${table.onceMonth} is not null) or (${table.recurrence} = 'yearly' and ${table.monthOfYear} between 1 and 12)`,
    ),
    check('billing_extra_charges_amount_check', sql`${table.amount} > 0`),
  ],
);

/** The UF's value of each day, in hundredths of a peso. */
export const ufValues = pgTable(
  'uf_values',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    valueHundredths: integer('value_hundredths').notNull(),
    source: text('source', { enum: ['import', 'manual', 'fetch'] }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('uf_values_positive_check', sql`${table.valueHundredths} > 0`)],
);

const CHARGE_STATUS = ['waiting_uf', 'draft', 'issued', 'void'] as const;

/**
 * What a company is charged for a month: its fee or an extra charge. `generation_key` is unique
 * ('fee:<business>:<yyyy-mm>', 'extra:<extra>:<yyyy-mm>'), so two generations of one month, on any
 * number of instances, create each charge once. Amounts stay null while the UF value of the issue
 * date is missing (status 'waiting_uf'). Never deleted: voided with a reason.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    periodYear: smallint('period_year').notNull(),
    periodMonth: smallint('period_month').notNull(),
    source: text('source', { enum: ['fee', 'extra'] }).notNull(),
    extraChargeId: integer('extra_charge_id').references(() => billingExtraCharges.id),
    feeTermsId: integer('fee_terms_id').references(() => billingFeeTerms.id, { onDelete: 'set null' }),
    generationKey: text('generation_key').notNull(),
    description: text('description').notNull(),
    currency: text('currency', { enum: CURRENCY }).notNull(),
    documentType: text('document_type', { enum: DOCUMENT_TYPE }).notNull(),
    ufAmount: money('uf_amount'),
    ufValueHundredths: integer('uf_value_hundredths'),
    ufDate: date('uf_date', { mode: 'string' }),
    net: money('net'),
    taxKind: text('tax_kind', { enum: ['iva', 'retencion', 'none'] }).notNull(),
    /** Basis points (1900 = 19 %). */
    taxRate: integer('tax_rate').notNull(),
    taxAmount: money('tax_amount'),
    total: money('total'),
    /** Billing e-mails at generation, comma-separated ('' = the company's contacts). */
    contacts: text('contacts').notNull().default(''),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: CHARGE_STATUS }).notNull(),
    dteType: text('dte_type', { enum: ['33', '34', 'bhe'] }),
    folio: bigint('folio', { mode: 'number' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    issuedBy: integer('issued_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: integer('voided_by').references(() => users.id, { onDelete: 'set null' }),
    /** Null when the scheduler generated it. */
    createdBy: createdBy(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_charges_generation_key_idx').on(table.generationKey),
    index('billing_charges_period_idx').on(table.periodYear, table.periodMonth),
    index('billing_charges_business_idx').on(table.businessId, table.issueDate),
    index('billing_charges_waiting_uf_idx').on(table.ufDate).where(sql`${table.status} = 'waiting_uf'`),
    uniqueIndex('billing_charges_folio_idx').on(table.dteType, table.folio).where(sql`${table.folio} is not null`),
    check('billing_charges_status_check', inList('status', CHARGE_STATUS)),
    check(
      'billing_charges_amounts_check',
      sql`${table.status} = 'waiting_uf' or (${table.net} is not null and ${table.total} is not null)`,
    ),
  ],
);

/** A line of an imported bank statement ('cartola'); `dedupe_key` keeps a line imported twice once. */
export const billingCartolaLines = pgTable(
  'billing_cartola_lines',
  {
    id: serial('id').primaryKey(),
    /** One import's lines share it. */
    batchId: text('batch_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    /** Signed pesos: deposits positive. */
    amount: money('amount').notNull(),
    rut: text('rut'),
    status: text('status', { enum: ['unmatched', 'matched', 'ignored'] })
      .notNull()
      .default('unmatched'),
    /** Why the owner set an 'ignored' line aside (a transfer between the firm's own accounts…). */
    ignoreReason: text('ignore_reason'),
    dedupeKey: text('dedupe_key').notNull(),
    importedBy: integer('imported_by').references(() => users.id, { onDelete: 'set null' }),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('billing_cartola_lines_dedupe_idx').on(table.dedupeKey),
    index('billing_cartola_lines_status_idx').on(table.status, table.date),
  ],
);

/** A payment received from a company. Never deleted: a mistaken one is reversed with its reason. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    method: text('method', { enum: ['transferencia', 'deposito', 'cheque', 'efectivo', 'otro'] }).notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    source: text('source', { enum: ['manual', 'cartola', 'client_receipt'] }).notNull(),
    /** 'rejected': a client's receipt the owner refused (its reason in `reversal_reason`, with who and when). */
    status: text('status', { enum: ['confirmed', 'to_confirm', 'reversed', 'rejected'] }).notNull(),
    reversalReason: text('reversal_reason'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: integer('reversed_by').references(() => users.id, { onDelete: 'set null' }),
    /** The stored receipt a client sent (a storage key), or null. */
    receiptFileKey: text('receipt_file_key'),
    cartolaLineId: integer('cartola_line_id').references(() => billingCartolaLines.id, { onDelete: 'set null' }),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (table) => [
    index('billing_payments_business_idx').on(table.businessId, table.date),
    // A statement line pays once; once its payment is reversed the line may be matched again.
    uniqueIndex('billing_payments_cartola_line_idx').on(table.cartolaLineId).where(sql`${table.status} <> 'reversed'`),
    check('billing_payments_amount_check', sql`${table.amount} > 0`),
  ],
);

/** How much of a payment pays a charge. A company's credit is its payments less their allocations. */
export const billingPaymentAllocations = pgTable(
  'billing_payment_allocations',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => billingPayments.id, { onDelete: 'cascade' }),
    chargeId: integer('charge_id')
      .notNull()
      .references(() => billingCharges.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.paymentId, table.chargeId] }),
    index('billing_payment_allocations_charge_idx').on(table.chargeId),
    check('billing_payment_allocations_amount_check', sql`${table.amount} > 0`),
  ],
);

/** The firm's billing settings: one row (id 1). */
export const billingSettings = pgTable(
  'billing_settings',
  {
    id: integer('id').primaryKey().default(1),
    bank: text('bank').notNull().default(''),
    accountType: text('account_type').notNull().default(''),
    accountNumber: text('account_number').notNull().default(''),
    holder: text('holder').notNull().default(''),
    rut: text('rut').notNull().default(''),
    receiptEmail: text('receipt_email').notNull().default(''),
    /** Days from the due date (negative: before it) a reminder goes out. */
    reminderOffsets: jsonb('reminder_offsets').$type<number[]>().notNull().default([-3, 0, 7, 15]),
    remindersEnabled: boolean('reminders_enabled').notNull().default(false),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('billing_settings_single_row', sql`${table.id} = 1`)],
);

/** Per-company billing flags: the firm stopped the reminders of this company. */
export const billingBusinessFlags = pgTable('billing_business_flags', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  remindersStopped: boolean('reminders_stopped').notNull().default(false),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A reminder of a charge at one step (its day offset), claimed before it is sent: once, on any number of instances. */
export const billingReminderSends = pgTable(
  'billing_reminder_sends',
  {
    chargeId: integer('charge_id')
      .notNull()
      .references(() => billingCharges.id, { onDelete: 'cascade' }),
    /** The step's offset in days from the due date. */
    step: smallint('step').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'sent', 'outbox', 'failed', 'skipped'… once known. */
    outcome: text('outcome'),
    /** The e-mail log's entry of the reminder (no foreign key: the e-mail module owns that table). */
    emailLogId: integer('email_log_id'),
  },
  (table) => [primaryKey({ columns: [table.chargeId, table.step] })],
);
