import type { Period } from './period.ts';

/**
 * Due dates of the board's cells. Pure calendar arithmetic on 'YYYY-MM-DD' dates (no
 * time zone, so the DST changes of America/Santiago cannot shift a day); which days are holidays
 * is passed in, so this file stays free of the holiday library. The server binds Chile's holidays
 * (`due-dates-cl.ts`); the web reads `dueDate` from the API and imports only this file (the
 * holiday library is ~240 KB gzip'd, every country's data).
 */

/** Answers true when a 'YYYY-MM-DD' day is a public holiday. */
export type IsHoliday = (isoDate: string) => boolean;

/** The due days of a service (1-31, or null when it has none). */
export interface ServiceDueDays {
  dueDay: number | null;
  dueDayElectronic: number | null;
  /**
   * 'Se corre al día hábil siguiente' of each due day: a date on a weekend or holiday moves to the next
   * business day (true, absent) or stays where it falls (false: Previred's online day 13).
   */
  dueDayShift?: boolean;
  dueDayElectronicShift?: boolean;
}

/** How a company files: online (most do) or on paper. */
export interface CompanyFiling {
  electronicFiling: boolean;
}

const pad = (value: number) => String(value).padStart(2, '0');
const toIso = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
const fromIso = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);

/** True on Saturday, Sunday or a holiday. */
export function isNonBusinessDay(isoDate: string, isHoliday: IsHoliday): boolean {
  const weekday = fromIso(isoDate).getUTCDay();
  return weekday === 0 || weekday === 6 || isHoliday(isoDate);
}

/** The day itself when it is a business day, otherwise the next one (past weekends and holidays, repeatedly). */
export function nextBusinessDay(isoDate: string, isHoliday: IsHoliday): string {
  const day = fromIso(isoDate);
  // A run of non-business days is at most a few days long (18-19 September plus a weekend).
  for (let step = 0; step < 31 && isNonBusinessDay(toIso(day), isHoliday); step++) {
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return toIso(day);
}

/**
 * The due date of the work of a period with due day `dueDay`: that day of the month after the
 * period (October's work falls due in November), clamped to the month's last day, then moved to
 * the next business day unless `shift` is false (the day stays even on a weekend or holiday).
 */
export function dueDateOf(period: Period, dueDay: number, isHoliday: IsHoliday, shift = true): string {
  const year = period.month === 12 ? period.year + 1 : period.year;
  const month = period.month === 12 ? 1 : period.month + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Math.max(1, dueDay), lastDay);
  const date = `${year}-${pad(month)}-${pad(day)}`;
  return shift ? nextBusinessDay(date, isHoliday) : date;
}

/**
 * The due day that applies to a company and whether it moves to the next business day: the
 * electronic one for a company that files online (falling back to the ordinary one, with its own
 * setting, when the service has none), the ordinary one otherwise; null when none applies.
 */
export function dueRuleFor(service: ServiceDueDays, company: CompanyFiling): { day: number; shift: boolean } | null {
  if (company.electronicFiling && service.dueDayElectronic !== null) {
    return { day: service.dueDayElectronic, shift: service.dueDayElectronicShift ?? true };
  }
  return service.dueDay === null ? null : { day: service.dueDay, shift: service.dueDayShift ?? true };
}

/** The due day that applies to a company (see `dueRuleFor`), or null. */
export function dueDayFor(service: ServiceDueDays, company: CompanyFiling): number | null {
  return dueRuleFor(service, company)?.day ?? null;
}

/** `dueDateOf` for a service and a company: 'YYYY-MM-DD', or null when no due day applies. */
export function dueDateForWith(
  service: ServiceDueDays,
  company: CompanyFiling,
  period: Period,
  isHoliday: IsHoliday,
): string | null {
  const rule = dueRuleFor(service, company);
  return rule === null ? null : dueDateOf(period, rule.day, isHoliday, rule.shift);
}

/**
 * A cell is overdue when today (the calendar day in America/Santiago, 'YYYY-MM-DD') is after its
 * due date and it is not at the service's last state. On the due date itself it is not late yet.
 */
export function isOverdue(dueDate: string | null, todayInSantiago: string, atLastState: boolean): boolean {
  return dueDate !== null && !atLastState && todayInSantiago > dueDate;
}

/** Whole days from today to the due date (negative once past), for the board's "due soon" mark. */
export function daysUntil(dueDate: string, todayInSantiago: string): number {
  return Math.round((fromIso(dueDate).getTime() - fromIso(todayInSantiago).getTime()) / 86_400_000);
}

/** Where a cell stands against its due date: done on time, done late, not done past it, or not due yet. */
export type Punctuality = 'onTime' | 'late' | 'overdue' | 'pending';

/**
 * A cell's punctuality, as the panel counts it and the monthly report lists it. A done cell (at the
 * service's last state) is on time when it got there on or before its due date; one never changed
 * (`reachedDay` null: at a service's only state) and one of a service without a due date are never
 * late. A cell not done is overdue once today is past its due date, else pending.
 */
export function cellPunctuality(cell: {
  done: boolean;
  dueDate: string | null;
  /** The Santiago day the cell reached its state; null when it was never changed. */
  reachedDay: string | null;
  today: string;
}): Punctuality {
  if (cell.done) {
    return cell.dueDate === null || cell.reachedDay === null || cell.reachedDay <= cell.dueDate ? 'onTime' : 'late';
  }
  return cell.dueDate !== null && cell.today > cell.dueDate ? 'overdue' : 'pending';
}
