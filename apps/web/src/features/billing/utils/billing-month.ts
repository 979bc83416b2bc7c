import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/months';
import type { BillingMonth } from '@app/shared/schemas/billing';
import { useSearchParams } from 'react-router';
import {
  billingMonthIndex,
  billingMonthOf,
  currentBillingMonth,
  FIRST_BILLING_MONTH,
  fromBillingMonthIndex,
  latestBillingMonth,
} from '../../../lib/billing-params';
import { MONTH_PARAM, YEAR_PARAM } from '../../../lib/period-params';

export { currentBillingMonth, FIRST_BILLING_MONTH, latestBillingMonth };

export const shiftMonth = (month: BillingMonth, by: number) => fromBillingMonthIndex(billingMonthIndex(month) + by);

const pad = (value: number) => String(value).padStart(2, '0');
/** 'YYYY-MM-01', as the month pickers take and give a month. */
export const monthPickerValue = ({ year, month }: BillingMonth) => `${year}-${pad(month)}-01`;
/** The month a picker gave ('2026-04-01'), or null. */
export function fromPickerValue(value: string | null | undefined): BillingMonth | null {
  const match = /^(\d{4})-(\d{2})/.exec(value ?? '');
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}
/** A month as the API answers it ('2026-04') to a month. */
export const fromMonthText = (text: string): BillingMonth => ({
  year: Number(text.slice(0, 4)),
  month: Number(text.slice(5, 7)),
});

/** 'abril' */
export const monthName = (month: number) => (MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan'] ?? '').toLowerCase();
/** 'abril 2026' */
export const monthLabel = ({ year, month }: BillingMonth) => `${monthName(month)} ${year}`;
/** 'abril 2026' from '2026-04'. */
export const monthTextLabel = (text: string | null) => (text ? monthLabel(fromMonthText(text)) : '');

/**
 * The month /cobranza shows, kept in the address (?anio=2026&mes=4, the boards' spelling): the
 * current calendar month when absent, clamped between January 2000 and next month.
 */
export function useBillingMonth(): [BillingMonth, (month: BillingMonth) => void] {
  const [params, setParams] = useSearchParams();
  const shown = billingMonthOf(params);
  const setMonth = (next: BillingMonth) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set(YEAR_PARAM, String(next.year));
        updated.set(MONTH_PARAM, String(next.month));
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  return [shown, setMonth];
}
