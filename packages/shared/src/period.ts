import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The firm's time zone (DESIGN.md §4). */
export const APP_TIME_ZONE = 'America/Santiago';

/** From this day of the month the current month is the default period; before it, the previous one. */
export const PERIOD_SWITCH_DAY = 25;

/** A month (1-12) of a year. */
export interface Period {
  month: number;
  year: number;
}

/** The default period at a moment: before day 25 (in America/Santiago) the previous month, from day 25 the current one. */
export function currentPeriod(now: Date = new Date()): Period {
  const local = dayjs(now).tz(APP_TIME_ZONE);
  const month = local.date() >= PERIOD_SWITCH_DAY ? local : local.subtract(1, 'month');
  return { month: month.month() + 1, year: month.year() };
}

/** First and last calendar day of a period as 'YYYY-MM-DD' (dates without a time zone). */
export function periodBounds(period: Period): { firstDay: string; lastDay: string } {
  const first = dayjs.utc(`${period.year}-${String(period.month).padStart(2, '0')}-01`);
  return { firstDay: first.format('YYYY-MM-DD'), lastDay: first.endOf('month').format('YYYY-MM-DD') };
}

/**
 * DESIGN.md §4: a company is active in a period when its contract starts on or before the last day
 * and has no end or ends on or after the first day. Dates are 'YYYY-MM-DD', so text order is date order.
 */
export function isContractActiveIn(
  contract: { startContract: string; endContract: string | null | undefined },
  period: Period,
): boolean {
  const { firstDay, lastDay } = periodBounds(period);
  return contract.startContract <= lastDay && (!contract.endContract || contract.endContract >= firstDay);
}
