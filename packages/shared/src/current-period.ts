// The current period without dayjs: the web's early request script (apps/web/src/app/early-request.ts)
// is bundled with it alone, and stays small. period.ts re-exports all of it.

/** The firm's time zone: periods, due dates and shown moments are in Santiago time. */
export const APP_TIME_ZONE = 'America/Santiago';

/**
 * Earliest year of the boards' month selector. Here rather than beside
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
