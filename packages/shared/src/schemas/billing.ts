import {
  BILLING_DAY_MAX,
  CHARGE_SOURCES,
  CHARGE_STATUSES,
  CURRENCIES,
  type Currency,
  DOCUMENT_TYPES,
  DTE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_TERM_MAX_DAYS,
  TAX_KINDS,
  UF_AMOUNT_MAX_HUNDREDTHS,
  UF_VALUE_MAX_HUNDREDTHS,
} from '../billing.ts';
import { calendarDate, INT4_MAX, idField, idParams, optionalText, plainText, requiredText } from '../fields.ts';
import { billingMsg } from '../messages-billing.ts';
import { parseMoney } from '../money.ts';
import { parseHundredths } from '../money-decimal.ts';
import { z } from '../zod-setup.ts';
import { ContactSchema } from './businesses.ts';

/** Earliest and latest year of a billing month. */
export const BILLING_MIN_YEAR = 2000;
export const BILLING_MAX_YEAR = 2100;
export const BILLING_DESCRIPTION_MAX = 200;
export const BILLING_REASON_MAX = 500;
/** Most charges marked issued in one request. */
export const ISSUE_BULK_MAX = 2000;

const year = z.coerce
  .number({ error: billingMsg.invalidYear })
  .int(billingMsg.invalidYear)
  .min(BILLING_MIN_YEAR, billingMsg.invalidYear)
  .max(BILLING_MAX_YEAR, billingMsg.invalidYear);
const month = z.coerce
  .number({ error: billingMsg.invalidMonth })
  .int(billingMsg.invalidMonth)
  .min(1, billingMsg.invalidMonth)
  .max(12, billingMsg.invalidMonth);

/** A billing month `{ year, month }` (query `?year=2026&month=11`, or a body's field). */
export const BillingMonthSchema = z.object({ year, month });
export type BillingMonth = z.infer<typeof BillingMonthSchema>;

/** A month as the API answers it: 'YYYY-MM'. */
const MonthText = z.string().regex(/^\d{4}-\d{2}$/);

export const CurrencySchema = z.enum(CURRENCIES, { error: billingMsg.invalidCurrency });
export const DocumentTypeSchema = z.enum(DOCUMENT_TYPES, { error: billingMsg.invalidDocumentType });
export const DteTypeSchema = z.enum(DTE_TYPES, { error: billingMsg.invalidDteType });
export const ChargeStatusSchema = z.enum(CHARGE_STATUSES);
export const PaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: billingMsg.invalidMethod });

const typedNumber = z.union([plainText(), z.number()], { error: billingMsg.required });

/** Pesos as typed ('150.000', 150000): whole pesos through `parseMoney`, more than zero. */
export const PesosInputSchema = typedNumber.transform((value, ctx) => {
  const parsed = parseMoney(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.value;
});

/** A UF amount as typed ('2,5', 2.5): hundredths, at most two decimals, up to 1.000.000 UF. */
export const UfAmountInputSchema = typedNumber.transform((value, ctx) => {
  const parsed = parseHundredths(value, {
    maxHundredths: UF_AMOUNT_MAX_HUNDREDTHS,
    tooLargeMessage: billingMsg.ufAmountTooLarge,
  });
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.value;
});

/** A UF value as typed or published ('39.643,59', 39643.59): hundredths, more than zero. */
export const UfValueInputSchema = typedNumber.transform((value, ctx) => {
  const parsed = parseHundredths(value, {
    maxHundredths: UF_VALUE_MAX_HUNDREDTHS,
    tooLargeMessage: billingMsg.ufValueTooLarge,
  });
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  if (parsed.value === 0) {
    ctx.addIssue({ code: 'custom', message: billingMsg.ufValueZero });
    return z.NEVER;
  }
  return parsed.value;
});

/**
 * An agreed amount in its currency: pesos for CLP, UF hundredths for UF; more than zero. Read
 * after the currency, since '2,5' is 2,5 UF but $2 (decimals dropped) in pesos.
 */
function readAgreedAmount(currency: Currency, raw: string | number, ctx: z.RefinementCtx, path = ['amount']) {
  const parsed = (currency === 'UF' ? UfAmountInputSchema : PesosInputSchema).safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path });
    return undefined;
  }
  if (parsed.data <= 0) {
    ctx.addIssue({ code: 'custom', message: billingMsg.amountPositive, path });
    return undefined;
  }
  return parsed.data;
}

const billingDay = z
  .number({ error: billingMsg.invalidBillingDay })
  .int(billingMsg.invalidBillingDay)
  .min(1, billingMsg.invalidBillingDay)
  .max(BILLING_DAY_MAX, billingMsg.invalidBillingDay);
const paymentTermDays = z
  .number({ error: billingMsg.invalidPaymentTerm(PAYMENT_TERM_MAX_DAYS) })
  .int(billingMsg.invalidPaymentTerm(PAYMENT_TERM_MAX_DAYS))
  .min(0, billingMsg.invalidPaymentTerm(PAYMENT_TERM_MAX_DAYS))
  .max(PAYMENT_TERM_MAX_DAYS, billingMsg.invalidPaymentTerm(PAYMENT_TERM_MAX_DAYS));

// Fee terms ---------------------------------------------------------------------------------------

/**
 * PUT /api/billing/business/{businessId}/terms: a new version of the company's fee terms, in force
 * from `effectiveFrom` (the history is kept). `amount` is read in `currency` (pesos, or UF with
 * up to two decimals). `contacts` empty or absent: the company's own contacts. `toMonth`: the last
 * month billed (optional). `active: false` stops billing from `effectiveFrom`.
 */
export const FeeTermsInputSchema = z
  .object({
    effectiveFrom: BillingMonthSchema,
    currency: CurrencySchema,
    amount: typedNumber,
    documentType: DocumentTypeSchema,
    billingDay,
    paymentTermDays,
    contacts: z.preprocess(
      (value) => (value === '' || value === null || (Array.isArray(value) && value.length === 0) ? undefined : value),
      ContactSchema.optional(),
    ),
    toMonth: BillingMonthSchema.nullish(),
    active: z.boolean().default(true),
  })
  .transform((input, ctx) => {
    const amount = readAgreedAmount(input.currency, input.amount, ctx);
    const from = input.effectiveFrom.year * 12 + input.effectiveFrom.month;
    if (input.toMonth && input.toMonth.year * 12 + input.toMonth.month < from) {
      ctx.addIssue({ code: 'custom', message: billingMsg.toMonthBeforeFrom, path: ['toMonth'] });
    }
    if (amount === undefined) return z.NEVER;
    const contacts = typeof input.contacts === 'string' ? input.contacts : '';
    return { ...input, amount, contacts, toMonth: input.toMonth ?? null };
  });
export type FeeTermsInput = z.input<typeof FeeTermsInputSchema>;

/** One version of a company's fee terms as read. `amount`: pesos (CLP) or UF hundredths (UF); `amountText` as shown. */
export const FeeTermsSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  effectiveFrom: MonthText,
  currency: CurrencySchema,
  amount: z.number().int(),
  amountText: z.string(),
  documentType: DocumentTypeSchema,
  billingDay: z.number().int(),
  paymentTermDays: z.number().int(),
  /** The billing contacts: this version's own, or (when `ownContacts` is false) the company's. */
  contacts: z.array(z.string()),
  ownContacts: z.boolean(),
  toMonth: MonthText.nullable(),
  active: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FeeTerms = z.infer<typeof FeeTermsSchema>;

/** GET /api/billing/business/{businessId}/terms: the terms in force this month (or none) and every version, newest first. */
export const FeeTermsResponseSchema = z.object({
  current: FeeTermsSchema.nullable(),
  history: z.array(FeeTermsSchema),
});
export type FeeTermsResponse = z.infer<typeof FeeTermsResponseSchema>;
export const FeeTermsSavedSchema = z.object({ message: z.string(), terms: FeeTermsSchema });

export const BillingBusinessParamsSchema = idParams('businessId');

// Extra charges -----------------------------------------------------------------------------------

/**
 * POST /api/billing/business/{businessId}/extras and PUT /api/billing/extras/{id}: an extra charge
 * ('Operación Renta', 'Término de giro'…), once in a month (`month`) or every year in a month
 * (`monthOfYear`, 1–12).
 */
export const ExtraChargeInputSchema = z
  .object({
    description: requiredText(
      billingMsg.required,
      BILLING_DESCRIPTION_MAX,
      billingMsg.descriptionMax(BILLING_DESCRIPTION_MAX),
    ),
    currency: CurrencySchema,
    amount: typedNumber,
    documentType: DocumentTypeSchema,
    recurrence: z.enum(['once', 'yearly'], { error: billingMsg.invalidRecurrence }),
    month: BillingMonthSchema.nullish(),
    monthOfYear: month.nullish(),
    active: z.boolean().default(true),
  })
  .transform((input, ctx) => {
    const amount = readAgreedAmount(input.currency, input.amount, ctx);
    if (input.recurrence === 'once' && !input.month) {
      ctx.addIssue({ code: 'custom', message: billingMsg.onceNeedsMonth, path: ['month'] });
      return z.NEVER;
    }
    if (input.recurrence === 'yearly' && !input.monthOfYear) {
      ctx.addIssue({ code: 'custom', message: billingMsg.yearlyNeedsMonth, path: ['monthOfYear'] });
      return z.NEVER;
    }
    if (amount === undefined) return z.NEVER;
    return {
      description: input.description,
      currency: input.currency,
      amount,
      documentType: input.documentType,
      recurrence: input.recurrence,
      month: input.recurrence === 'once' ? (input.month ?? null) : null,
      monthOfYear: input.recurrence === 'yearly' ? (input.monthOfYear ?? null) : null,
      active: input.active,
    };
  });
export type ExtraChargeInput = z.input<typeof ExtraChargeInputSchema>;

export const ExtraChargeSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  description: z.string(),
  currency: CurrencySchema,
  amount: z.number().int(),
  amountText: z.string(),
  documentType: DocumentTypeSchema,
  recurrence: z.enum(['once', 'yearly']),
  /** 'YYYY-MM' of a once-only charge. */
  month: MonthText.nullable(),
  monthOfYear: z.number().int().nullable(),
  active: z.boolean(),
  /** Whether a charge was generated from it (then it is deactivated, never deleted). */
  used: z.boolean(),
});
export type ExtraCharge = z.infer<typeof ExtraChargeSchema>;
export const ExtraChargeListSchema = z.array(ExtraChargeSchema);
export const ExtraChargeSavedSchema = z.object({ message: z.string(), extra: ExtraChargeSchema });
export const ExtraChargeParamsSchema = idParams('id');

// UF values ---------------------------------------------------------------------------------------

export const UF_SOURCES = ['import', 'manual', 'fetch'] as const;

/** A day 'YYYY-MM-DD' between 1900 and 2100. */
export const BillingDateSchema = calendarDate(billingMsg.required, billingMsg.invalidDate);

/** PUT /api/billing/uf: one day's UF value typed by hand ('39.643,59'). */
export const UfValueSetSchema = z.object({ date: BillingDateSchema, value: UfValueInputSchema });
export type UfValueSet = z.input<typeof UfValueSetSchema>;

export const UfValueSchema = z.object({
  date: z.string(),
  /** Hundredths of a peso. */
  value: z.number().int(),
  valueText: z.string(),
  source: z.enum(UF_SOURCES),
  updatedAt: z.string(),
});
export type UfValue = z.infer<typeof UfValueSchema>;
/** GET /api/billing/uf?year=&month=: the month's values by date. */
export const UfValueListSchema = z.array(UfValueSchema);
export const UfValueSavedSchema = z.object({ message: z.string(), uf: UfValueSchema, converted: z.number().int() });

/** A line of a UF-values file as the preview shows it: what confirming would do with it. */
export const UfImportLineSchema = z.object({
  /** The line's number in the file (the header, when there is one, is 1). */
  line: z.number().int(),
  date: z.string().nullable(),
  value: z.number().int().nullable(),
  valueText: z.string().nullable(),
  status: z.enum(['new', 'changed', 'unchanged', 'invalid']),
  /** The stored value a 'changed' line replaces. */
  previous: z.number().int().nullable(),
  previousText: z.string().nullable(),
  error: z.string().nullable(),
});
export type UfImportLine = z.infer<typeof UfImportLineSchema>;
/** POST /api/billing/uf/import/preview: every line, and the counts. Nothing is written. */
export const UfImportPreviewSchema = z.object({
  lines: z.array(UfImportLineSchema),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    invalid: z.number().int(),
  }),
});
export type UfImportPreview = z.infer<typeof UfImportPreviewSchema>;
/** POST /api/billing/uf/import/confirm: what was written, and the charges waiting for UF converted with the new values. */
export const UfImportResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  changed: z.number().int(),
  unchanged: z.number().int(),
  converted: z.number().int(),
});
export const UfImportErrorSchema = z.object({ message: z.string(), lines: z.array(UfImportLineSchema) });

// Charges -----------------------------------------------------------------------------------------

export const ChargeSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  razonSocial: z.string(),
  rut: z.string(),
  /** 'YYYY-MM'. */
  period: MonthText,
  source: z.enum(CHARGE_SOURCES),
  extraChargeId: z.number().int().nullable(),
  description: z.string(),
  currency: CurrencySchema,
  documentType: DocumentTypeSchema,
  /** UF hundredths, the UF value (hundredths) and its date, for a UF charge (value and date null while waiting). */
  ufAmount: z.number().int().nullable(),
  ufValue: z.number().int().nullable(),
  ufDate: z.string().nullable(),
  /** Whole pesos; null while waiting for the UF value. */
  net: z.number().int().nullable(),
  taxKind: z.enum(TAX_KINDS),
  /** Basis points: 1900 is 19 %. */
  taxRate: z.number().int(),
  tax: z.number().int().nullable(),
  total: z.number().int().nullable(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: ChargeStatusSchema,
  dteType: DteTypeSchema.nullable(),
  folio: z.number().int().nullable(),
  issuedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedAt: z.string().nullable(),
  voidedBy: z.string().nullable(),
  /** The billing contacts the charge goes to (the export's Email column). */
  contacts: z.array(z.string()),
  createdAt: z.string(),
});
export type Charge = z.infer<typeof ChargeSchema>;

/** GET /api/billing/charges?year=&month=[&status=]: the month's charges by company name (Spanish order). */
export const ChargeListQuerySchema = BillingMonthSchema.extend({ status: ChargeStatusSchema.optional() });
export const ChargeListSchema = z.object({
  period: MonthText,
  charges: z.array(ChargeSchema),
  totals: z.object({ count: z.number().int(), net: z.number().int(), tax: z.number().int(), total: z.number().int() }),
});
export type ChargeList = z.infer<typeof ChargeListSchema>;
export const ChargeParamsSchema = idParams('id');
export const ChargeSavedSchema = z.object({ message: z.string(), charge: ChargeSchema });

/** POST /api/billing/charges/generate: the month to generate (every company with terms in force, and the month's extras). */
export const GenerateChargesSchema = BillingMonthSchema;
export const GenerateChargesResultSchema = z.object({
  message: z.string(),
  created: z.number().int(),
  existing: z.number().int(),
  /** Of those created, how many wait for a UF value. */
  waitingUf: z.number().int(),
  /** Charges of the month that were waiting for UF and were converted by this run. */
  converted: z.number().int(),
  /** The UF dates still missing, 'YYYY-MM-DD'. */
  missingUfDates: z.array(z.string()),
});
export type GenerateChargesResult = z.infer<typeof GenerateChargesResultSchema>;

/**
 * PUT /api/billing/charges/{id}: a draft (or waiting) charge's description and amount. `amount` is
 * read in the charge's currency: pesos (net) or UF; a UF charge is converted again at its UF value.
 */
export const ChargeUpdateSchema = z.object({
  description: requiredText(
    billingMsg.required,
    BILLING_DESCRIPTION_MAX,
    billingMsg.descriptionMax(BILLING_DESCRIPTION_MAX),
  ).optional(),
  amount: typedNumber.optional(),
});
export type ChargeUpdate = z.input<typeof ChargeUpdateSchema>;

/** POST /api/billing/charges/{id}/void: the reason is required and kept. */
export const ChargeVoidSchema = z.object({
  reason: requiredText(billingMsg.voidReasonRequired, BILLING_REASON_MAX, billingMsg.reasonMax(BILLING_REASON_MAX)),
});

const folio = z
  .number({ error: billingMsg.invalidFolio })
  .int(billingMsg.invalidFolio)
  .min(1, billingMsg.invalidFolio)
  .max(INT4_MAX, billingMsg.invalidFolio);

/** One charge marked issued: its DTE type (33, 34, bhe) and folio. */
export const IssueItemSchema = z.object({
  chargeId: idField(billingMsg.chargeNotFound),
  dteType: DteTypeSchema,
  folio,
});
/** POST /api/billing/charges/issue: one or many (all or nothing). */
export const IssueChargesSchema = z.object({
  items: z.array(IssueItemSchema).min(1, billingMsg.required).max(ISSUE_BULK_MAX),
});
export type IssueCharges = z.input<typeof IssueChargesSchema>;
export const IssueResultSchema = z.object({ message: z.string(), issued: z.number().int() });
/** 400 of a bulk issue: each refused item with its reason. */
export const IssueErrorSchema = z.object({
  message: z.string(),
  itemErrors: z.array(z.object({ chargeId: z.number().int(), message: z.string() })),
});

/** GET /api/billing/charges/export?year=&month=&format=xlsx|csv: 'Exportar para facturar'. */
export const ChargeExportQuerySchema = BillingMonthSchema.extend({
  format: z.enum(['xlsx', 'csv'], { error: 'El formato debe ser xlsx o csv' }).default('xlsx'),
});

/** A line of the invoicing tool's export, matched to a charge of the month by RUT and total. */
export const IssuedImportLineSchema = z.object({
  line: z.number().int(),
  rut: z.string().nullable(),
  folio: z.number().int().nullable(),
  total: z.number().int().nullable(),
  chargeId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  dteType: DteTypeSchema.nullable(),
  status: z.enum(['matched', 'invalid']),
  error: z.string().nullable(),
});
/** POST /api/billing/charges/issued-import/preview?year=&month=. */
export const IssuedImportPreviewSchema = z.object({
  lines: z.array(IssuedImportLineSchema),
  counts: z.object({ matched: z.number().int(), invalid: z.number().int() }),
});
export type IssuedImportPreview = z.infer<typeof IssuedImportPreviewSchema>;
/** 400 of a confirm whose file has lines that match no charge: nothing was written. */
export const IssuedImportErrorSchema = z.object({ message: z.string(), lines: z.array(IssuedImportLineSchema) });

// Payments, the bank statement and settings (the payments part builds on these) ------------------

/** A payment typed by the firm. */
export const PaymentInputSchema = z.object({
  businessId: idField(billingMsg.businessNotFound),
  date: BillingDateSchema,
  amount: PesosInputSchema.refine((value) => value > 0, billingMsg.paymentAmountPositive),
  method: PaymentMethodSchema,
  reference: optionalText(200),
  note: optionalText(1000),
});
export type PaymentInput = z.input<typeof PaymentInputSchema>;

const reminderOffsets = z
  .array(z.number().int().min(-30).max(90), { error: billingMsg.invalidReminderOffsets })
  .max(8, billingMsg.invalidReminderOffsets)
  .refine((offsets) => new Set(offsets).size === offsets.length, billingMsg.invalidReminderOffsets)
  .transform((offsets) => [...offsets].sort((a, b) => a - b));

/** The firm's billing settings (one row): where clients pay, where receipts go, the reminder steps. */
export const BillingSettingsInputSchema = z.object({
  bank: optionalText(100),
  accountType: optionalText(50),
  accountNumber: optionalText(50),
  holder: optionalText(200),
  rut: optionalText(30),
  receiptEmail: z.union([z.literal(''), z.email({ error: billingMsg.invalidEmail }).max(254)]).default(''),
  reminderOffsets,
  remindersEnabled: z.boolean(),
});
export type BillingSettingsInput = z.input<typeof BillingSettingsInputSchema>;
