import { type IsHoliday, isNonBusinessDay } from './due-dates.ts';
import type { Period } from './period.ts';

/**
 * The calendar rules of personal data protection (Ley 19.628 as Ley 21.719 rewrote it, in force from
 * 1 December 2026): when a person's request must be answered, and when the firm's documents and its
 * activity log may be removed. Pure arithmetic on 'YYYY-MM-DD' days (no time zone, so a DST change of
 * America/Santiago cannot move a day); which days are holidays is passed in, as in due-dates.ts.
 */

/**
 * Art. 11: the responsible acknowledges the request and answers it within the thirty calendar days
 * ('días corridos') that follow the day it came in. Calendar days count weekends and holidays, and a
 * last day that falls on one stays where it falls (Código Civil, art. 50).
 */
export const RIGHTS_ANSWER_DAYS = 30;
/** Art. 11: the term may be extended once, by up to thirty more calendar days. */
export const RIGHTS_EXTENSION_DAYS = 30;
/**
 * Art. 11: a temporary block asked for with a rectification, erasure or objection is answered within
 * the two business days ('días hábiles') that follow its receipt.
 */
export const TEMPORARY_BLOCK_BUSINESS_DAYS = 2;
/** A request due within this many days is 'por vencer' (the morning digest lists it). */
export const RIGHTS_DUE_SOON_DAYS = 7;

/**
 * Documents are kept this many years by default: the Código Tributario's term to review a
 * taxpayer's returns (art. 200, six years at most), counted as below.
 */
export const RETENTION_YEARS_DEFAULT = 6;
export const RETENTION_YEARS_MIN = 1;
export const RETENTION_YEARS_MAX = 50;

const pad = (value: number) => String(value).padStart(2, '0');
const toIso = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const fromIso = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** The day `days` calendar days after (or before, when negative) a day. */
export function addCalendarDays(isoDate: string, days: number): string {
  const date = fromIso(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** The last day to answer a request received that day: thirty calendar days after it. */
export function rightsRequestDueDate(receivedOn: string): string {
  return addCalendarDays(receivedOn, RIGHTS_ANSWER_DAYS);
}

/** The last day once the term is extended: thirty more calendar days after the first term's last day. */
export function extendedRightsDueDate(firstDueOn: string): string {
  return addCalendarDays(firstDueOn, RIGHTS_EXTENSION_DAYS);
}

/**
 * The last day to answer a temporary block received that day: the second business day after it
 * (the day of receipt is not counted; weekends, Chile's holidays and the firm's extra ones are skipped).
 */
export function temporaryBlockDueDate(receivedOn: string, isHoliday: IsHoliday): string {
  let day = receivedOn;
  let counted = 0;
  while (counted < TEMPORARY_BLOCK_BUSINESS_DAYS) {
    day = addCalendarDays(day, 1);
    if (!isNonBusinessDay(day, isHoliday)) counted += 1;
  }
  return day;
}

/** Days from `today` to `dueOn` (negative once it is past). */
export function daysLeft(dueOn: string, today: string): number {
  return Math.round((fromIso(dueOn).getTime() - fromIso(today).getTime()) / 86_400_000);
}

/**
 * Where an open request stands on a day: past its last day ('overdue', shown in red), within
 * RIGHTS_DUE_SOON_DAYS of it ('soon'), or not yet ('ok'). An answered or rejected one is 'closed'.
 */
export function rightsUrgency(dueOn: string, today: string, closed: boolean): 'overdue' | 'soon' | 'ok' | 'closed' {
  if (closed) return 'closed';
  const left = daysLeft(dueOn, today);
  if (left < 0) return 'overdue';
  return left <= RIGHTS_DUE_SOON_DAYS ? 'soon' : 'ok';
}

const monthIndex = (year: number, month: number) => year * 12 + (month - 1);
const periodOfIndex = (index: number): Period => ({ year: Math.floor(index / 12), month: (index % 12) + 1 });

/**
 * The first day a file of `period` is past its retention of `years`: a period's taxes fall due in the
 * month after it, and the term runs from the end of that month. October 2019's files are kept until
 * 30 November 2025 and are past retention from 1 December 2025 (six years).
 */
export function retentionEndsOn(period: Period, years: number): string {
  const end = periodOfIndex(monthIndex(period.year, period.month) + 2 + 12 * years);
  return `${end.year}-${pad(end.month)}-01`;
}

/** Whether a file of `period`, kept `years`, is past retention on `today`. */
export function isPastRetention(period: Period, years: number, today: string): boolean {
  return today >= retentionEndsOn(period, years);
}

/** The latest period whose files, kept `years`, are past retention on `today` (every earlier one is too). */
export function latestPeriodPastRetention(years: number, today: string): Period {
  const [year = 0, month = 0] = today.split('-').map(Number);
  return periodOfIndex(monthIndex(year, month) - 2 - 12 * years);
}

/**
 * The first day of the activity log kept when it keeps `years`: entries before the start of that day
 * (America/Santiago) may be purged. The same day `years` years back; 29 February goes back to the
 * 28th in a common year.
 */
export function activityKeptFrom(years: number, today: string): string {
  const [year = 0, month = 0, day = 0] = today.split('-').map(Number);
  const target = year - years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${target}-${pad(month)}-${pad(Math.min(day, lastDay))}`;
}
