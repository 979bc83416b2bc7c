import { BOARD_MIN_YEAR, currentPeriod, type Period } from '@app/shared/period';

/** The staff's earliest month, on the boards and the documents: January 2010. */
export const FIRST_PERIOD: Period = { year: BOARD_MIN_YEAR, month: 1 };

/** Months counted from year 0: one month more is one more. */
export const monthIndex = ({ year, month }: Period) => year * 12 + (month - 1);
const fromIndex = (value: number): Period => ({ year: Math.floor(value / 12), month: (value % 12) + 1 });

export const samePeriod = (a: Period, b: Period) => a.year === b.year && a.month === b.month;

/** A month from the address ('2026', '3'); null when either part is missing or not a month. */
export function parsePeriod(year: string | null | undefined, month: string | null | undefined): Period | null {
  if (!year || !month || !/^\d{1,4}$/.test(year) || !/^\d{1,2}$/.test(month)) return null;
  const parsed = { year: Number(year), month: Number(month) };
  return parsed.year > 0 && parsed.month >= 1 && parsed.month <= 12 ? parsed : null;
}

/** A month brought into `first` .. the current default period (month and year are clamped). */
export function clampPeriod(period: Period, first: Period = FIRST_PERIOD, latest: Period = currentPeriod()): Period {
  return fromIndex(Math.min(Math.max(monthIndex(period), monthIndex(first)), monthIndex(latest)));
}
