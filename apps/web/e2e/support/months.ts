import type { Period } from '@app/shared/period';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';

/** The month's Spanish name, as the month pickers and titles show it. */
export const monthName = ({ month }: Period) => MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan'];

/** 'Noviembre 2026': the title of a board or folder of that period. */
export const monthTitle = (period: Period) => `${monthName(period)} ${period.year}`;

/** The period `count` months after `period` (before it when negative). */
export function shiftPeriod({ year, month }: Period, count: number): Period {
  const index = year * 12 + month - 1 + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}
