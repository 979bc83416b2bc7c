import type { Period } from './current-period.ts';
import { daysUntil, type IsHoliday, nextBusinessDay } from './due-dates.ts';
import { formatMoney } from './money.ts';
import { formatHundredths } from './money-decimal.ts';

/**
 * The firm's own billing ('Honorarios y cobranza'): what each client company is charged, in which
 * document, with which tax, converted from UF at which value, and due when. Pure integer
 * arithmetic: pesos are whole numbers, UF amounts and UF values whole hundredths, rates basis
 * points (hundredths of a percent), so nothing drifts as a float would. Rules in docs/rules.md,
 * 'Honorarios y cobranza'.
 */

/** The document a company's fee is invoiced with. */
export const DOCUMENT_TYPES = ['factura_afecta', 'factura_exenta', 'boleta_honorarios'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  factura_afecta: 'Factura afecta',
  factura_exenta: 'Factura exenta',
  boleta_honorarios: 'Boleta de honorarios',
};

/** The currency a fee or an extra charge is agreed in. */
export const CURRENCIES = ['CLP', 'UF'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The tax a charge carries: IVA added on a factura afecta, the retention withheld from a boleta, none on a factura exenta. */
export const TAX_KINDS = ['iva', 'retencion', 'none'] as const;
export type TaxKind = (typeof TAX_KINDS)[number];

/** IVA, in basis points: 19 %. */
export const IVA_RATE_BP = 1900;

/**
 * The retention of a boleta de honorarios by the year it is issued, in basis points (Ley 21.133
 * as moved by Ley 21.242; the SII's published schedule): 10 % up to 2019, then +0,75 a year, and
 * 17 % from 2028 on.
 */
export const BOLETA_RETENTION_BP_BY_YEAR: ReadonlyArray<readonly [year: number, basisPoints: number]> = [
  [2020, 1075],
  [2021, 1150],
  [2022, 1225],
  [2023, 1300],
  [2024, 1375],
  [2025, 1450],
  [2026, 1525],
  [2027, 1600],
  [2028, 1700],
];
const RETENTION_BEFORE_2020_BP = 1000;

/** The boleta retention of a year, in basis points. */
export function boletaRetentionBp(year: number): number {
  let rate = RETENTION_BEFORE_2020_BP;
  for (const [from, basisPoints] of BOLETA_RETENTION_BP_BY_YEAR) if (year >= from) rate = basisPoints;
  return rate;
}

/** `amount × rate / 10000`, rounded half up, exact (BigInt): the tax of a whole-peso amount at a rate in basis points. */
export function applyRate(amount: number, rateBp: number): number {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not an amount of pesos: ${amount}`);
  return Number((BigInt(amount) * BigInt(rateBp) + 5000n) / 10000n);
}

export interface ChargeAmounts {
  net: number;
  taxKind: TaxKind;
  /** Basis points: 1900 for IVA, the year's retention for a boleta, 0 without tax. */
  taxRateBp: number;
  tax: number;
  /** What the firm collects: net + IVA; net − retention for a boleta (the client company pays the retention to the SII); net when exempt. */
  total: number;
}

/**
 * The tax and total of a charge of `net` whole pesos invoiced with `documentType` in `year` (the
 * issue date's year, for the boleta retention). For a boleta the fee is the gross amount.
 */
export function chargeAmounts(net: number, documentType: DocumentType, year: number): ChargeAmounts {
  if (documentType === 'factura_afecta') {
    const tax = applyRate(net, IVA_RATE_BP);
    return { net, taxKind: 'iva', taxRateBp: IVA_RATE_BP, tax, total: net + tax };
  }
  if (documentType === 'boleta_honorarios') {
    const rate = boletaRetentionBp(year);
    const tax = applyRate(net, rate);
    return { net, taxKind: 'retencion', taxRateBp: rate, tax, total: net - tax };
  }
  return { net, taxKind: 'none', taxRateBp: 0, tax: 0, total: net };
}

/** A rate in basis points as shown: 1900 → '19 %', 1525 → '15,25 %'. */
export function formatRate(rateBp: number): string {
  return `${formatHundredths(rateBp)} %`;
}

// UF --------------------------------------------------------------------------------------------

/** Largest UF amount of a fee or charge, in hundredths: 1.000.000 UF. */
export const UF_AMOUNT_MAX_HUNDREDTHS = 100_000_000;
/** Largest UF value accepted, in hundredths: $1.000.000 a UF (it is ~$40.000 in 2026). */
export const UF_VALUE_MAX_HUNDREDTHS = 100_000_000;

/**
 * Pesos of `ufHundredths` UF at a UF value of `valueHundredths` pesos: the exact product over
 * 10.000, rounded half up to a whole peso (BigInt, so no float drift).
 */
export function ufToPesos(ufHundredths: number, valueHundredths: number): number {
  if (!Number.isSafeInteger(ufHundredths) || ufHundredths < 0) throw new RangeError(`Not a UF amount: ${ufHundredths}`);
  if (!Number.isSafeInteger(valueHundredths) || valueHundredths <= 0)
    throw new RangeError(`Not a UF value: ${valueHundredths}`);
  return Number((BigInt(ufHundredths) * BigInt(valueHundredths) + 5000n) / 10000n);
}

/** A UF amount as shown: 250 → '2,5 UF', 300 → '3 UF'. */
export function formatUf(ufHundredths: number): string {
  return `${formatHundredths(ufHundredths)} UF`;
}

/** A UF value as published: 3964359 → '$39.643,59'. */
export function formatUfValue(valueHundredths: number): string {
  return `$${formatHundredths(valueHundredths, { fixed: true })}`;
}

/** A UF amount with its pesos: '3 UF = $118.456'. */
export function formatUfInPesos(ufHundredths: number, pesos: number): string {
  return `${formatUf(ufHundredths)} = ${formatMoney(pesos)}`;
}

/** An agreed amount as shown: pesos '$150.000', or UF '2,5 UF'. */
export function formatAgreedAmount(currency: Currency, amount: number): string {
  return currency === 'UF' ? formatUf(amount) : formatMoney(amount);
}

// Dates -----------------------------------------------------------------------------------------

/** Days a company has to pay, at most (the form's limit). */
export const PAYMENT_TERM_MAX_DAYS = 120;
/** The billing day is 1–28, so it exists in every month. */
export const BILLING_DAY_MAX = 28;

const pad = (value: number) => String(value).padStart(2, '0');

/** 'YYYY-MM' of a period (a charge's generation key, an effective month). */
export const monthKey = (period: Period) => `${period.year}-${pad(period.month)}`;

/** A period's first day, 'YYYY-MM-01': how effective months are stored. */
export const monthStart = (period: Period) => `${monthKey(period)}-01`;

/** The period a 'YYYY-MM…' text names. */
export function periodOf(isoDateOrMonth: string): Period {
  return { year: Number(isoDateOrMonth.slice(0, 4)), month: Number(isoDateOrMonth.slice(5, 7)) };
}

/** The issue date of a period's charge: the company's billing day (1–28) of that month. */
export function issueDateOf(period: Period, billingDay: number): string {
  return `${monthKey(period)}-${pad(Math.min(Math.max(1, billingDay), BILLING_DAY_MAX))}`;
}

/** A 'YYYY-MM-DD' day plus `days` calendar days. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The due date of a charge: issue date + payment term days, moved to the next business day (past weekends and holidays). */
export function chargeDueDate(issueDate: string, paymentTermDays: number, isHoliday: IsHoliday): string {
  return nextBusinessDay(addDays(issueDate, paymentTermDays), isHoliday);
}

// Aging -----------------------------------------------------------------------------------------

/** How late an unpaid charge is, by whole days past its due date. */
export const AGING_BUCKETS = ['current', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];
export const AGING_BUCKET_LABELS: Record<AgingBucket, string> = {
  current: 'al día',
  d1_30: '1–30',
  d31_60: '31–60',
  d61_90: '61–90',
  d90_plus: 'más de 90 días',
};

/** Whole days past the due date (0 on it and before). */
export function daysOverdue(dueDate: string, today: string): number {
  return Math.max(0, -daysUntil(dueDate, today));
}

/** The aging bucket of a charge due on `dueDate` seen on `today` (both 'YYYY-MM-DD', Santiago): on the due date itself it is 'al día'. */
export function agingBucket(dueDate: string, today: string): AgingBucket {
  const days = daysOverdue(dueDate, today);
  if (days === 0) return 'current';
  if (days <= 30) return 'd1_30';
  if (days <= 60) return 'd31_60';
  if (days <= 90) return 'd61_90';
  return 'd90_plus';
}

// Generation keys ---------------------------------------------------------------------------------

/**
 * The unique key of a generated charge: a second generation of the same month (a re-run, another
 * instance at the same moment) finds it taken and creates nothing.
 */
export const feeChargeKey = (businessId: number, period: Period) => `fee:${businessId}:${monthKey(period)}`;
export const extraChargeKey = (extraChargeId: number, period: Period) => `extra:${extraChargeId}:${monthKey(period)}`;

// Fee terms in force ------------------------------------------------------------------------------

/** One version of a company's fee terms, as far as which month it covers. */
export interface TermsVersion {
  /** 'YYYY-MM-01': the first month it is in force. */
  effectiveFrom: string;
  /** 'YYYY-MM-01' or null: the last month it covers (billing ends after it). */
  toMonth: string | null;
  active: boolean;
  /** Later versions of the same effective month win (a correction made the same month). */
  id: number;
}

/**
 * The terms in force for a period: the latest version effective on or before it (ties: the newest);
 * none when that version is inactive or ended before the period.
 */
export function termsInForce<T extends TermsVersion>(versions: readonly T[], period: Period): T | undefined {
  const month = monthStart(period);
  let latest: T | undefined;
  for (const version of versions) {
    if (version.effectiveFrom > month) continue;
    if (
      !latest ||
      version.effectiveFrom > latest.effectiveFrom ||
      (version.effectiveFrom === latest.effectiveFrom && version.id > latest.id)
    ) {
      latest = version;
    }
  }
  if (!latest?.active) return undefined;
  if (latest.toMonth !== null && latest.toMonth < month) return undefined;
  return latest;
}

/** An extra charge's schedule: once in a month, or every year in a month. */
export type ExtraSchedule = { recurrence: 'once'; month: string } | { recurrence: 'yearly'; monthOfYear: number };

/** Whether an extra charge falls in a period. */
export function extraFallsIn(schedule: ExtraSchedule, period: Period): boolean {
  if (schedule.recurrence === 'once') return schedule.month === monthStart(period);
  return schedule.monthOfYear === period.month;
}

// DTE -------------------------------------------------------------------------------------------

/** The electronic documents a charge is marked issued with: 33 factura afecta, 34 factura exenta, boleta de honorarios electrónica. */
export const DTE_TYPES = ['33', '34', 'bhe'] as const;
export type DteType = (typeof DTE_TYPES)[number];
export const DTE_TYPE_LABELS: Record<DteType, string> = {
  '33': 'Factura electrónica (33)',
  '34': 'Factura exenta electrónica (34)',
  bhe: 'Boleta de honorarios electrónica',
};
/** The one DTE type each document type is issued as. */
export const DTE_TYPE_OF: Record<DocumentType, DteType> = {
  factura_afecta: '33',
  factura_exenta: '34',
  boleta_honorarios: 'bhe',
};

// States and kinds shared by charges, payments and the bank statement ------------------------------

/**
 * A charge's state: 'waiting_uf' while the UF value of its issue date is missing (no value is
 * guessed; it is converted when the value arrives), 'draft' until marked issued, 'issued', 'void'
 * (kept with its reason, never deleted).
 */
export const CHARGE_STATUSES = ['waiting_uf', 'draft', 'issued', 'void'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];
export const CHARGE_STATUS_LABELS: Record<ChargeStatus, string> = {
  waiting_uf: 'Esperando UF',
  draft: 'Por emitir',
  issued: 'Emitido',
  void: 'Anulado',
};

/** What a charge comes from: the monthly fee, or an extra charge ('Operación Renta', 'Término de giro'…). */
export const CHARGE_SOURCES = ['fee', 'extra'] as const;
export type ChargeSource = (typeof CHARGE_SOURCES)[number];

export const PAYMENT_METHODS = ['transferencia', 'deposito', 'cheque', 'efectivo', 'otro'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  transferencia: 'Transferencia',
  deposito: 'Depósito',
  cheque: 'Cheque',
  efectivo: 'Efectivo',
  otro: 'Otro',
};

/** Where a payment was recorded from: typed by the firm, a bank statement line, a receipt the client sent. */
export const PAYMENT_SOURCES = ['manual', 'cartola', 'client_receipt'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/**
 * A client's receipt waits 'to_confirm' until the owner confirms it or rejects it ('rejected', with
 * its reason); a mistaken payment is 'reversed' (kept, with its reason).
 */
export const PAYMENT_STATUSES = ['confirmed', 'to_confirm', 'reversed', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  confirmed: 'Confirmado',
  to_confirm: 'Por confirmar',
  reversed: 'Reversado',
  rejected: 'Rechazado',
};

export const CARTOLA_LINE_STATUSES = ['unmatched', 'matched', 'ignored'] as const;
export type CartolaLineStatus = (typeof CARTOLA_LINE_STATUSES)[number];

/** Reminder e-mails of an unpaid charge, in days from its due date (negative: before it). */
export const DEFAULT_REMINDER_OFFSETS: readonly number[] = [-3, 0, 7, 15];
