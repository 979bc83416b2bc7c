import {
  AGING_BUCKETS,
  CARTOLA_LINE_STATUSES,
  CHARGE_STATUSES,
  DTE_TYPES,
  PAYMENT_SOURCES,
  PAYMENT_STATUSES,
} from '../billing.ts';
import { idField, idParams, optionalText, plainText, requiredText } from '../fields.ts';
import { billingMsg } from '../messages-billing.ts';
import { CARTOLA_MAX_LINES, collectionsMsg } from '../messages-billing-collections.ts';
import { MONEY_MAX } from '../money.ts';
import { formatRut, isValidRut } from '../rut.ts';
import { z } from '../zod-setup.ts';
import {
  BILLING_REASON_MAX,
  BillingDateSchema,
  BillingSettingsInputSchema,
  PaymentInputSchema,
  PaymentMethodSchema,
  PesosInputSchema,
} from './billing.ts';

/**
 * Collections ('Cobranza'), the owner's side and the client's: payments and how they apply to
 * charges, the company's credit, the bank statement ('cartola'), the collections list, account
 * statements, the firm's billing settings and reminders. Rules in docs/rules.md, 'Cobranza'.
 */

/** Most charges one payment may be applied to by hand. */
export const PAYMENT_CHARGES_MAX = 200;
/** The longest note a client's receipt may carry. */
export const RECEIPT_NOTE_MAX = 500;

const reason = (required: string) =>
  requiredText(required, BILLING_REASON_MAX, billingMsg.reasonMax(BILLING_REASON_MAX));
const chargeIds = z
  .array(idField(billingMsg.chargeNotFound))
  .max(PAYMENT_CHARGES_MAX)
  .refine((ids) => new Set(ids).size === ids.length, collectionsMsg.chargeRepeated)
  .default([]);
const amountText = z.number().int();
const positiveAmount = PesosInputSchema.refine((value) => value > 0, billingMsg.paymentAmountPositive);

// Payments ----------------------------------------------------------------------------------------

/**
 * POST /api/billing/payments: a payment typed by the firm. `amount` is read as pesos ('150.000').
 * `chargeIds` (optional, in the order given) are the charges it pays first; without them it pays
 * the company's oldest open charges (by due date). What is left is the company's credit, applied
 * to its next open charges.
 */
export const PaymentCreateSchema = PaymentInputSchema.extend({ chargeIds });
export type PaymentCreate = z.input<typeof PaymentCreateSchema>;

export const PaymentParamsSchema = idParams('id');

/** POST /api/billing/payments/{id}/reverse: the reason is required and kept. */
export const PaymentReverseSchema = z.object({ reason: reason(collectionsMsg.reverseReasonRequired) });
/** POST /api/billing/payments/{id}/reject: a client's receipt refused, with its reason. */
export const PaymentRejectSchema = z.object({ reason: reason(collectionsMsg.rejectReasonRequired) });
/** POST /api/billing/payments/{id}/confirm: a client's receipt confirmed; optionally the charges it pays first. */
export const PaymentConfirmSchema = z.object({ chargeIds });

/** GET /api/billing/payments?businessId=&status=: newest first (at most 500). */
export const PaymentListQuerySchema = z.object({
  businessId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  status: z.enum(PAYMENT_STATUSES).optional(),
});

/** How much of a payment pays a charge; `released` once the charge was voided or the payment reversed. */
export const PaymentAllocationSchema = z.object({
  chargeId: z.number().int(),
  description: z.string(),
  /** 'YYYY-MM' of the charge. */
  period: z.string(),
  amount: amountText,
  released: z.boolean(),
});

export const PaymentViewSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  businessName: z.string(),
  date: z.string(),
  amount: amountText,
  method: PaymentMethodSchema,
  methodText: z.string(),
  reference: z.string(),
  note: z.string(),
  source: z.enum(PAYMENT_SOURCES),
  status: z.enum(PAYMENT_STATUSES),
  statusText: z.string(),
  /** What it pays of charges now (released allocations left out). */
  applied: amountText,
  /** What of it is the company's credit (0 unless confirmed). */
  credit: amountText,
  allocations: z.array(PaymentAllocationSchema),
  /** The reason of a reversal or a rejection, who and when. */
  reason: z.string().nullable(),
  reasonBy: z.string().nullable(),
  reasonAt: z.string().nullable(),
  hasReceipt: z.boolean(),
  cartolaLineId: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentView = z.infer<typeof PaymentViewSchema>;
export const PaymentListSchema = z.array(PaymentViewSchema);
export const PaymentSavedSchema = z.object({ message: z.string(), payment: PaymentViewSchema });

/** POST /api/billing/business/{businessId}/apply-credit takes an empty object. */
export const CreditApplySchema = z.object({});
/** What of the company's credit went to its open charges, and what is left of its credit and of its open charges. */
export const CreditAppliedSchema = z.object({
  message: z.string(),
  applied: amountText,
  credit: amountText,
  open: amountText,
});
export type CreditApplied = z.infer<typeof CreditAppliedSchema>;

// A client's receipt -------------------------------------------------------------------------------

/**
 * POST /api/billing/my/receipts: the client's receipt (one PDF, JPG or PNG, multipart field
 * 'file') after the form's text fields `amount` and `date` they typed, optionally `method` and
 * `note`. Every field travels in the body, never in the address (which the access log keeps).
 */
export const ReceiptFieldsSchema = z.object({
  amount: positiveAmount,
  date: BillingDateSchema,
  method: PaymentMethodSchema.default('transferencia'),
  note: optionalText(RECEIPT_NOTE_MAX),
});
export type ReceiptFields = z.input<typeof ReceiptFieldsSchema>;

// Bank statement ('cartola') ----------------------------------------------------------------------

/** Why a line is proposed for a company: a RUT in it, the amount of the one open charge with it, a folio in its text. */
export const CARTOLA_PROPOSAL_REASONS = ['rut', 'amount', 'folio'] as const;

export const CartolaProposalSchema = z.object({
  businessId: z.number().int(),
  businessName: z.string(),
  /** The charge it pays (an amount or folio match); null: the company's oldest open charges. */
  chargeId: z.number().int().nullable(),
  reason: z.enum(CARTOLA_PROPOSAL_REASONS),
  reasonText: z.string(),
});
export type CartolaProposal = z.infer<typeof CartolaProposalSchema>;

/**
 * A line of the statement as the preview reads it: 'new' (a deposit not imported yet, maybe with a
 * proposal), 'duplicate' (imported before), 'debit' (a charge to the account: ignored, with the
 * reason) or 'invalid' (its error).
 */
export const CartolaPreviewLineSchema = z.object({
  line: z.number().int(),
  date: z.string().nullable(),
  description: z.string(),
  amount: z.number().int().nullable(),
  rut: z.string().nullable(),
  /** Among the file's lines with the same date, amount and description, which one this is (1, 2…). */
  occurrence: z.number().int(),
  /** What keeps a line imported once; send it back to confirm. */
  key: z.string().nullable(),
  status: z.enum(['new', 'duplicate', 'debit', 'invalid']),
  error: z.string().nullable(),
  proposal: CartolaProposalSchema.nullable(),
});
export type CartolaPreviewLine = z.infer<typeof CartolaPreviewLineSchema>;

/** POST /api/billing/cartola/preview: every line and the counts. Nothing is written. */
export const CartolaPreviewSchema = z.object({
  lines: z.array(CartolaPreviewLineSchema),
  counts: z.object({
    new: z.number().int(),
    proposed: z.number().int(),
    duplicate: z.number().int(),
    debit: z.number().int(),
    invalid: z.number().int(),
  }),
});
export type CartolaPreview = z.infer<typeof CartolaPreviewSchema>;

/**
 * A new line of the preview sent back with what to do: 'match' records a payment of the company
 * (paying `chargeIds` first), 'keep' leaves it for later, 'ignore' sets it aside with a reason.
 */
export const CartolaConfirmLineSchema = z
  .object({
    date: BillingDateSchema,
    description: plainText().max(1000),
    amount: z.number().int().min(1).max(MONEY_MAX),
    rut: plainText().max(30).nullable().default(null),
    occurrence: z.number().int().min(1).max(CARTOLA_MAX_LINES),
    key: plainText().max(100),
    action: z.enum(['match', 'keep', 'ignore']),
    businessId: idField(billingMsg.businessNotFound).nullish(),
    chargeIds,
    method: PaymentMethodSchema.default('transferencia'),
    ignoreReason: optionalText(BILLING_REASON_MAX),
  })
  .superRefine((line, ctx) => {
    if (line.action === 'match' && !line.businessId) {
      ctx.addIssue({ code: 'custom', message: billingMsg.businessNotFound, path: ['businessId'] });
    }
    if (line.action === 'ignore' && !line.ignoreReason) {
      ctx.addIssue({ code: 'custom', message: collectionsMsg.ignoreReasonRequired, path: ['ignoreReason'] });
    }
  });
export type CartolaConfirmLine = z.input<typeof CartolaConfirmLineSchema>;

/** POST /api/billing/cartola/confirm: the preview's new lines, each with its action. */
export const CartolaConfirmSchema = z.object({
  lines: z.array(CartolaConfirmLineSchema).min(1, billingMsg.required).max(CARTOLA_MAX_LINES),
});
export type CartolaConfirm = z.input<typeof CartolaConfirmSchema>;

export const CartolaConfirmResultSchema = z.object({
  message: z.string(),
  batchId: z.string(),
  matched: z.number().int(),
  pending: z.number().int(),
  ignored: z.number().int(),
  /** Lines another import had already stored (left as they were). */
  duplicates: z.number().int(),
});

/** A stored statement line; an unmatched one carries a fresh proposal. */
export const CartolaLineSchema = z.object({
  id: z.number().int(),
  batchId: z.string(),
  date: z.string(),
  description: z.string(),
  amount: amountText,
  rut: z.string().nullable(),
  status: z.enum(CARTOLA_LINE_STATUSES),
  ignoreReason: z.string().nullable(),
  importedAt: z.string(),
  /** The payment it became (not reversed), if any. */
  paymentId: z.number().int().nullable(),
  businessName: z.string().nullable(),
  proposal: CartolaProposalSchema.nullable(),
});
export type CartolaLine = z.infer<typeof CartolaLineSchema>;

/** GET /api/billing/cartola/lines?status=: unmatched lines by default, oldest first (at most 2,000). */
export const CartolaLineListQuerySchema = z.object({
  status: z.enum(CARTOLA_LINE_STATUSES).default('unmatched'),
});
export const CartolaLineListSchema = z.array(CartolaLineSchema);
export const CartolaLineParamsSchema = idParams('id');

/** POST /api/billing/cartola/lines/{id}/match: a payment of the company from the line. */
export const CartolaMatchSchema = z.object({
  businessId: idField(billingMsg.businessNotFound),
  chargeIds,
  method: PaymentMethodSchema.default('transferencia'),
});
/** POST /api/billing/cartola/lines/{id}/ignore. */
export const CartolaIgnoreSchema = z.object({ reason: reason(collectionsMsg.ignoreReasonRequired) });
export const CartolaLineSavedSchema = z.object({
  message: z.string(),
  line: CartolaLineSchema,
  payment: PaymentViewSchema.nullable(),
});

// Collections list --------------------------------------------------------------------------------

export const AgingBucketSchema = z.enum(AGING_BUCKETS);
/** Open amounts by aging bucket. */
export const AgingAmountsSchema = z.object({
  current: amountText,
  d1_30: amountText,
  d31_60: amountText,
  d61_90: amountText,
  d90_plus: amountText,
});
export type AgingAmounts = z.infer<typeof AgingAmountsSchema>;

const flag = z
  .enum(['true', 'false'], { error: 'Debe ser true o false' })
  .optional()
  .transform((value) => value === 'true');

/**
 * GET /api/billing/collections: `responsible` (a staff member's id, or 'none'), `group` (a
 * group's id), `overdue=true` (only companies with a charge past due), `q` (name, razón social or
 * RUT, with or without dots), `sort` (name, balance, oldestDue) and `order`.
 */
export const CollectionsQuerySchema = z.object({
  responsible: z.union([z.literal('none'), z.coerce.number().int().min(1).max(2_147_483_647)]).optional(),
  group: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  overdue: flag,
  q: plainText().trim().max(200).optional(),
  sort: z.enum(['name', 'balance', 'oldestDue'], { error: collectionsMsg.invalidSort }).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type CollectionsQuery = z.input<typeof CollectionsQuerySchema>;

/** One company with billing: what it owes (open charges less its credit) and how late. */
export const CollectionRowSchema = z.object({
  businessId: z.number().int(),
  name: z.string(),
  razonSocial: z.string(),
  rut: z.string(),
  responsibleUserId: z.number().int().nullable(),
  responsibleName: z.string().nullable(),
  /** Open charges' amounts (issued or to issue, not void, not waiting for UF). */
  open: amountText,
  /** Payments not yet applied to a charge. */
  credit: amountText,
  /** open − credit. */
  balance: amountText,
  oldestDueDate: z.string().nullable(),
  /** Bucket of the oldest open charge; null when nothing is open. */
  bucket: AgingBucketSchema.nullable(),
  daysOverdue: z.number().int(),
  buckets: AgingAmountsSchema,
  openCharges: z.number().int(),
  /** Receipts the client sent that wait for the owner. */
  receiptsToConfirm: z.number().int(),
  remindersStopped: z.boolean(),
});
export type CollectionRow = z.infer<typeof CollectionRowSchema>;

export const CollectionsListSchema = z.object({
  /** The day the aging counts from (Santiago). */
  asOf: z.string(),
  rows: z.array(CollectionRowSchema),
  totals: z.object({
    companies: z.number().int(),
    overdueCompanies: z.number().int(),
    open: amountText,
    credit: amountText,
    balance: amountText,
    buckets: AgingAmountsSchema,
  }),
});
export type CollectionsList = z.infer<typeof CollectionsListSchema>;

/** GET /api/billing/collections/overdue-ids: companies with a charge past due and unpaid (the board's mark). */
export const OverdueIdsSchema = z.object({ businessIds: z.array(z.number().int()) });

// Settings ----------------------------------------------------------------------------------------

/** PUT /api/billing/settings: as BillingSettingsInputSchema, with the RUT checked (check digit) and stored as 12.345.678-5. */
export const REMINDER_OFFSET_MIN = -30;
export const REMINDER_OFFSET_MAX = 90;
export const REMINDER_STEPS_MAX = 8;
const reminderOffset = z
  .number({ error: billingMsg.invalidReminderOffsets })
  .int(billingMsg.invalidReminderOffsets)
  .min(REMINDER_OFFSET_MIN, billingMsg.invalidReminderOffsets)
  .max(REMINDER_OFFSET_MAX, billingMsg.invalidReminderOffsets);

export const BillingSettingsSaveSchema = BillingSettingsInputSchema.extend({
  /** Days from the due date (negative: before it), -30 to 90, at most 8, no repeats; kept in order. */
  reminderOffsets: z
    .array(reminderOffset, { error: billingMsg.invalidReminderOffsets })
    .max(REMINDER_STEPS_MAX, billingMsg.invalidReminderOffsets)
    .refine((offsets) => new Set(offsets).size === offsets.length, billingMsg.invalidReminderOffsets)
    .transform((offsets) => [...offsets].sort((a, b) => a - b)),
  rut: optionalText(30).transform((value, ctx) => {
    if (!value) return '';
    const formatted = formatRut(value);
    if (!isValidRut(formatted)) {
      ctx.addIssue({ code: 'custom', message: collectionsMsg.invalidRut });
      return z.NEVER;
    }
    return formatted;
  }),
});
export type BillingSettingsSave = z.input<typeof BillingSettingsSaveSchema>;

/** Where clients transfer to, as the statement and the reminders show it. */
export const TransferDetailsSchema = z.object({
  bank: z.string(),
  accountType: z.string(),
  accountNumber: z.string(),
  holder: z.string(),
  rut: z.string(),
  receiptEmail: z.string(),
});
export type TransferDetails = z.infer<typeof TransferDetailsSchema>;

export const BillingSettingsSchema = TransferDetailsSchema.extend({
  reminderOffsets: z.array(z.number().int()),
  remindersEnabled: z.boolean(),
  /** Whether bank, account number and holder are filled in (the statement shows them then). */
  transferConfigured: z.boolean(),
  /** Whether SMTP_URL is set: without it reminders stay in the local outbox. */
  mailConfigured: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type BillingSettings = z.infer<typeof BillingSettingsSchema>;
export const BillingSettingsSavedSchema = z.object({ message: z.string(), settings: BillingSettingsSchema });

/** PUT /api/billing/business/{businessId}/reminders: stop (or resume) the company's reminders. */
export const RemindersStopSchema = z.object({ stopped: z.boolean({ error: billingMsg.required }) });
export const RemindersStopResultSchema = z.object({ message: z.string(), stopped: z.boolean() });

// Account statement -------------------------------------------------------------------------------

/** One movement: a charge (debit), its void (credit), a payment (credit), a payment's reversal (debit). */
export const StatementLineSchema = z.object({
  date: z.string(),
  kind: z.enum(['charge', 'void', 'payment', 'reversal']),
  text: z.string(),
  chargeId: z.number().int().nullable(),
  paymentId: z.number().int().nullable(),
  debit: amountText,
  credit: amountText,
  /** What the company owes after this line (negative: credit in its favour). */
  balance: z.number().int(),
});

export const StatementChargeSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  period: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  status: z.enum(CHARGE_STATUSES),
  statusText: z.string(),
  dteType: z.enum(DTE_TYPES).nullable(),
  folio: z.number().int().nullable(),
  /** Null while waiting for the UF value. */
  total: z.number().int().nullable(),
  paid: amountText,
  open: amountText,
  bucket: AgingBucketSchema.nullable(),
  daysOverdue: z.number().int(),
});

/** A receipt the client sent that is not applied: waiting for the owner, or rejected with its reason. */
export const StatementReceiptSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  amount: amountText,
  status: z.enum(PAYMENT_STATUSES),
  statusText: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/billing/business/{businessId}/statement (owner: any company; client: their own). */
export const StatementSchema = z.object({
  business: z.object({ id: z.number().int(), name: z.string(), razonSocial: z.string(), rut: z.string() }),
  asOf: z.string(),
  /** Null until the firm has typed its bank details. */
  transfer: TransferDetailsSchema.nullable(),
  lines: z.array(StatementLineSchema),
  /** Charges not void, oldest first, with what is paid and open. */
  charges: z.array(StatementChargeSchema),
  receipts: z.array(StatementReceiptSchema),
  totals: z.object({
    charged: amountText,
    paid: amountText,
    open: amountText,
    overdue: amountText,
    credit: amountText,
    balance: z.number().int(),
  }),
});
export type Statement = z.infer<typeof StatementSchema>;

// Reminders ---------------------------------------------------------------------------------------

/** GET /api/billing/business/{businessId}/reminders: each reminder claimed, newest first, with what became of its e-mail. */
export const ReminderSendSchema = z.object({
  chargeId: z.number().int(),
  description: z.string(),
  step: z.number().int(),
  claimedAt: z.string(),
  outcome: z.string().nullable(),
  outcomeText: z.string(),
  emailLogId: z.number().int().nullable(),
});
export const ReminderListSchema = z.array(ReminderSendSchema);
