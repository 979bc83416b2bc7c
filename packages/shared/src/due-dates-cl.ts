import Holidays from 'date-holidays';
import {
  type CompanyFiling,
  dueDateForWith,
  dueDateOf,
  type IsHoliday,
  nextBusinessDay,
  type ServiceDueDays,
} from './due-dates.ts';
import type { Period } from './period.ts';
import { annualDueDateInPeriod } from './tax-year-calendar.ts';

/**
 * Chile's national public holidays from `date-holidays` (pinned, country CL, type 'public' only:
 * not the bank holiday of 31 December nor regional ones). Server side: the library carries every
 * country's data (~1.5 MB minified), so the web bundle must not import this file.
 */
const chile = new Holidays('CL', { types: ['public'] });
const byYear = new Map<number, Set<string>>();

function holidaysOf(year: number): Set<string> {
  let days = byYear.get(year);
  if (!days) {
    // `date` is the local calendar day 'YYYY-MM-DD hh:mm:ss': no time zone involved.
    days = new Set(chile.getHolidays(year).map((holiday) => holiday.date.slice(0, 10)));
    byYear.set(year, days);
  }
  return days;
}

/** True when a 'YYYY-MM-DD' day is a Chilean national public holiday. */
export const isChileanHoliday: IsHoliday = (isoDate) => holidaysOf(Number(isoDate.slice(0, 4))).has(isoDate);

/** The Chilean business day on or after a day. */
export const nextChileanBusinessDay = (isoDate: string) => nextBusinessDay(isoDate, isChileanHoliday);

/** The due date of a period's work with a due day, on Chile's calendar. */
export const chileanDueDate = (period: Period, dueDay: number) => dueDateOf(period, dueDay, isChileanHoliday);

/** A board cell's due date: 'YYYY-MM-DD', or null when the service has no due day for the company. */
export function dueDateFor(service: ServiceDueDays, company: CompanyFiling, period: Period): string | null {
  return dueDateForWith(service, company, period, isChileanHoliday);
}

/**
 * The firm's calendar of business days: Chile's national holidays plus the firm's own extra ones
 * ('Feriados adicionales', 'YYYY-MM-DD'), which a law may add at short notice. Every due date the
 * server computes (boards, digest, billing) goes through one of these.
 */
export interface BusinessCalendar {
  isHoliday: IsHoliday;
  /** The business day on or after a day. */
  nextBusinessDay(isoDate: string): string;
  /** A period's due date for a due day (the month after, clamped, moved to a business day). */
  dueDate(period: Period, dueDay: number): string;
  /** A board cell's due date, or null when the service has no due day for the company. */
  dueDateFor(service: ServiceDueDays, company: CompanyFiling, period: Period): string | null;
}

/** The business calendar with these extra holidays ('YYYY-MM-DD'); none gives Chile's calendar alone. */
export function businessCalendar(extraHolidays: Iterable<string> = []): BusinessCalendar {
  const extra = new Set(extraHolidays);
  const isHoliday: IsHoliday = extra.size
    ? (isoDate) => extra.has(isoDate) || isChileanHoliday(isoDate)
    : isChileanHoliday;
  return {
    isHoliday,
    nextBusinessDay: (isoDate) => nextBusinessDay(isoDate, isHoliday),
    dueDate: (period, dueDay) => dueDateOf(period, dueDay, isHoliday),
    dueDateFor: (service, company, period) => dueDateForWith(service, company, period, isHoliday),
  };
}

/** Chile's calendar alone (no extra holidays of a firm). */
const CHILE_CALENDAR = businessCalendar();

/** A service as its due dates read it: its due days and, for an annual one, its key in 'Calendario AT'. */
export interface ServiceDueRule extends ServiceDueDays {
  catalogueKey?: string | null;
}

/**
 * A service's due dates in a period, for companies filing on paper and online. An annual service
 * (with a `catalogueKey`) takes the tax year's date for its key in the period that date belongs to
 * (the month before the date's month), for both, as published (not moved); otherwise, and in its
 * other periods, its due days apply on the firm's calendar (`calendar.dueDateFor`).
 */
export function serviceDueDates(
  service: ServiceDueRule,
  period: Period,
  annualDueDate?: (key: string, taxYear: number) => string | null,
  calendar: BusinessCalendar = CHILE_CALENDAR,
): { paper: string | null; electronic: string | null } {
  if (service.catalogueKey && annualDueDate) {
    const annual = annualDueDateInPeriod(service.catalogueKey, period, annualDueDate);
    if (annual !== null) return { paper: annual, electronic: annual };
  }
  return {
    paper: calendar.dueDateFor(service, { electronicFiling: false }, period),
    electronic: calendar.dueDateFor(service, { electronicFiling: true }, period),
  };
}
