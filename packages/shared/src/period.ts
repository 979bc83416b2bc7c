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

/** A period as 'YYYY-MM', the text order of which is the order of the months. */
export const periodMonthText = (period: Period) => `${period.year}-${String(period.month).padStart(2, '0')}`;

/**
 * Whether the firm tracks a company's work in a period: from its 'Seguimiento desde' month on
 * ('YYYY-MM', or the stored first day 'YYYY-MM-DD'); always when it has none (since the contract
 * start). Before it every cell of the company is 'N/A': never late, never counted.
 */
export function isTrackedIn(company: { trackingSince?: string | null | undefined }, period: Period): boolean {
  return !company.trackingSince || periodMonthText(period) >= company.trackingSince.slice(0, 7);
}
