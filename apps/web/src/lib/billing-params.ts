// The month /cobranza's address names, read by the screen, its route loader and index.html's early
// script alike: so this file imports nothing that would weigh on that script.

import { santiagoDate } from '@app/shared/current-period';
import type { BillingMonth } from '@app/shared/schemas/billing';
import { MONTH_PARAM, YEAR_PARAM } from './period-param-names';

/** Billing's earliest month (the server takes years from 2000). */
export const FIRST_BILLING_MONTH: BillingMonth = { year: 2000, month: 1 };

export const billingMonthIndex = ({ year, month }: BillingMonth) => year * 12 + month - 1;
export const fromBillingMonthIndex = (value: number): BillingMonth => ({
  year: Math.floor(value / 12),
  month: (value % 12) + 1,
});

/** The calendar month of today in Santiago: billing works by calendar months, not the boards' periods. */
export function currentBillingMonth(today = santiagoDate()): BillingMonth {
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** The latest month that may be generated: the month after the current one. */
export const latestBillingMonth = (today?: string) =>
  fromBillingMonthIndex(billingMonthIndex(currentBillingMonth(today)) + 1);

/**
 * The month /cobranza shows for an address (?anio=2026&mes=4, the boards' spelling): the current
 * calendar month when absent, clamped between January 2000 and next month.
 */
export function billingMonthOf(params: URLSearchParams, today?: string): BillingMonth {
  const year = Number(params.get(YEAR_PARAM));
  const month = Number(params.get(MONTH_PARAM));
  const asked = Number.isInteger(year) && Number.isInteger(month) && month >= 1 && month <= 12 && year > 0;
  if (!asked) return currentBillingMonth(today);
  const latest = billingMonthIndex(latestBillingMonth(today));
  const first = billingMonthIndex(FIRST_BILLING_MONTH);
  return fromBillingMonthIndex(Math.min(Math.max(billingMonthIndex({ year, month }), first), latest));
}
