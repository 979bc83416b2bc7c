import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import type { Period } from './current-period.ts';

dayjs.extend(utc);

export * from './current-period.ts';

/** First and last calendar day of a period as 'YYYY-MM-DD' (dates without a time zone). */
export function periodBounds(period: Period): { firstDay: string; lastDay: string } {
  const first = dayjs.utc(`${period.year}-${String(period.month).padStart(2, '0')}-01`);
  return { firstDay: first.format('YYYY-MM-DD'), lastDay: first.endOf('month').format('YYYY-MM-DD') };
}

/**
 * A company is active in a period when its contract starts on or before the last day
 * and has no end or ends on or after the first day. Dates are 'YYYY-MM-DD', so text order is date order.
 */
export function isContractActiveIn(
  contract: { startContract: string; endContract: string | null | undefined },
  period: Period,
): boolean {
  const { firstDay, lastDay } = periodBounds(period);
  return contract.startContract <= lastDay && (!contract.endContract || contract.endContract >= firstDay);
}
