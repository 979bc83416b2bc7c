import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** The firm's time zone (DESIGN.md §4). */
export const APP_TIME_ZONE = 'America/Santiago';

/**
 * Earliest year of the boards' month selector (spec 1 §5 "Date selector"). Here rather than beside
 * the board's schemas so that the boards' route loaders read it without loading zod.
 */
export const BOARD_MIN_YEAR = 2010;

/** From this day of the month the current month is the default period; before it, the previous one. */
export const PERIOD_SWITCH_DAY = 25;

/** A month (1-12) of a year. */
export interface Period {
  month: number;
  year: number;
}

// One formatter, made once: dayjs's .tz() builds its own on every call (~3 ms), and the current
// period is asked on every board request.
const SANTIAGO_DATE = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in America/Santiago at a moment, as 'YYYY-MM-DD'. */
export function santiagoDate(now: Date = new Date()): string {
  const parts = Object.fromEntries(SANTIAGO_DATE.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The default period at a moment: before day 25 (in America/Santiago) the previous month, from day 25 the current one. */
export function currentPeriod(now: Date = new Date()): Period {
  const [year = 0, month = 0, day = 0] = santiagoDate(now).split('-').map(Number);
  if (day >= PERIOD_SWITCH_DAY) return { month, year };
  return month === 1 ? { month: 12, year: year - 1 } : { month: month - 1, year };
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
