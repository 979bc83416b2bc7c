import { formatAgreedAmount, formatUfValue } from '@app/shared/billing';
import type { Charge, ExtraCharge, FeeTerms, UfValue } from '@app/shared/schemas/billing';
import { splitContacts } from '@app/shared/schemas/businesses';
import type { ChargeRow } from './charges.repository.ts';
import type { ExtraChargeRow, FeeTermsRow } from './fee-terms.repository.ts';
import type { UfValueRow } from './uf-values.repository.ts';

/** What a charge or terms show of their company: names, RUT and its own contacts. */
export interface BillingCompany {
  name: string;
  razonSocial: string;
  rut: string;
  contact: string;
}

/** 'YYYY-MM' of a month stored as its first day. */
export const monthText = (monthStart: string) => monthStart.slice(0, 7);

/** The billing e-mails: the row's own, or the company's when it has none. */
export const billingContacts = (own: string, company: Pick<BillingCompany, 'contact'> | undefined) =>
  splitContacts(own || company?.contact || '');

export function presentTerms(
  row: FeeTermsRow,
  company: BillingCompany | undefined,
  authorName: string | null,
): FeeTerms {
  return {
    id: row.id,
    businessId: row.businessId,
    effectiveFrom: monthText(row.effectiveFrom),
    currency: row.currency,
    amount: row.amount,
    amountText: formatAgreedAmount(row.currency, row.amount),
    documentType: row.documentType,
    billingDay: row.billingDay,
    paymentTermDays: row.paymentTermDays,
    contacts: billingContacts(row.contacts, company),
    ownContacts: row.contacts !== '',
    toMonth: row.toMonth ? monthText(row.toMonth) : null,
    active: row.active,
    createdBy: authorName,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentExtra(row: ExtraChargeRow & { used: boolean }): ExtraCharge {
  return {
    id: row.id,
    businessId: row.businessId,
    description: row.description,
    currency: row.currency,
    amount: row.amount,
    amountText: formatAgreedAmount(row.currency, row.amount),
    documentType: row.documentType,
    recurrence: row.recurrence,
    month: row.onceMonth ? monthText(row.onceMonth) : null,
    monthOfYear: row.monthOfYear,
    active: row.active,
    used: row.used,
  };
}

export function presentUf(row: UfValueRow): UfValue {
  return {
    date: row.date,
    value: row.valueHundredths,
    valueText: formatUfValue(row.valueHundredths),
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentCharge(
  row: ChargeRow,
  company: BillingCompany | undefined,
  voidedByName: string | null,
): Charge {
  return {
    id: row.id,
    businessId: row.businessId,
    businessName: company?.name ?? '',
    razonSocial: company?.razonSocial ?? '',
    rut: company?.rut ?? '',
    period: `${row.periodYear}-${String(row.periodMonth).padStart(2, '0')}`,
    source: row.source,
    extraChargeId: row.extraChargeId,
    description: row.description,
    currency: row.currency,
    documentType: row.documentType,
    ufAmount: row.ufAmount,
    ufValue: row.ufValueHundredths,
    ufDate: row.ufDate,
    net: row.net,
    taxKind: row.taxKind,
    taxRate: row.taxRate,
    tax: row.taxAmount,
    total: row.total,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    status: row.status,
    dteType: row.dteType,
    folio: row.folio,
    issuedAt: row.issuedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidedBy: voidedByName,
    contacts: billingContacts(row.contacts, company),
    createdAt: row.createdAt.toISOString(),
  };
}
