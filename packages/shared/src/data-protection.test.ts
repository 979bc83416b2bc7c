import { describe, expect, it } from 'vitest';
import {
  activityKeptFrom,
  daysLeft,
  extendedRightsDueDate,
  isPastRetention,
  latestPeriodPastRetention,
  RETENTION_YEARS_DEFAULT,
  retentionEndsOn,
  rightsRequestDueDate,
  rightsUrgency,
  temporaryBlockDueDate,
} from './data-protection.ts';
import { businessCalendar } from './due-dates-cl.ts';

const chile = businessCalendar().isHoliday;

describe('the answer to a request from a person (30 calendar days, once extended by 30)', () => {
  it('falls thirty calendar days after the day the request came in, across months and years', () => {
    expect(rightsRequestDueDate('2026-12-01')).toBe('2026-12-31');
    expect(rightsRequestDueDate('2026-12-15')).toBe('2027-01-14');
    expect(rightsRequestDueDate('2027-01-31')).toBe('2027-03-02');
    // A leap year's February has one more day.
    expect(rightsRequestDueDate('2028-01-31')).toBe('2028-03-01');
  });

  it('stays on a weekend or a holiday: calendar days are not moved to a business day', () => {
    // 30 days after 2 December 2026 is 1 January 2027, New Year's Day: it stays there.
    expect(rightsRequestDueDate('2026-12-02')).toBe('2027-01-01');
    expect(chile('2027-01-01')).toBe(true);
    // 30 days after 17 August 2028 is Saturday 16 September 2028: it stays there too.
    expect(rightsRequestDueDate('2028-08-17')).toBe('2028-09-16');
    expect(new Date('2028-09-16T00:00:00Z').getUTCDay()).toBe(6);
  });

  it('is extended once by thirty more calendar days from the first term', () => {
    expect(extendedRightsDueDate(rightsRequestDueDate('2026-12-15'))).toBe('2027-02-13');
    expect(extendedRightsDueDate('2028-02-01')).toBe('2028-03-02');
  });

  it('gives a temporary block two business days, skipping weekends and holidays', () => {
    // Monday → Wednesday.
    expect(temporaryBlockDueDate('2026-12-14', chile)).toBe('2026-12-16');
    // Thursday → Monday (Friday, then the weekend is skipped).
    expect(temporaryBlockDueDate('2026-12-10', chile)).toBe('2026-12-14');
    // Monday 7 December 2026: Tuesday the 8th is a holiday (Inmaculada Concepción) → Thursday the 10th.
    expect(chile('2026-12-08')).toBe(true);
    expect(temporaryBlockDueDate('2026-12-07', chile)).toBe('2026-12-10');
    // Thursday 16 September 2027: the 17th to the 19th are holidays and a weekend → 20 and 21.
    expect(chile('2027-09-17')).toBe(true);
    expect(temporaryBlockDueDate('2027-09-16', chile)).toBe('2027-09-21');
    // A firm's extra holiday counts as well.
    const firm = businessCalendar(['2026-12-15']).isHoliday;
    expect(temporaryBlockDueDate('2026-12-14', firm)).toBe('2026-12-17');
  });

  it('is overdue the day after its last day, and due soon within the week before', () => {
    expect(daysLeft('2026-12-31', '2026-12-24')).toBe(7);
    expect(rightsUrgency('2026-12-31', '2026-12-23', false)).toBe('ok');
    expect(rightsUrgency('2026-12-31', '2026-12-24', false)).toBe('soon');
    expect(rightsUrgency('2026-12-31', '2026-12-31', false)).toBe('soon');
    expect(rightsUrgency('2026-12-31', '2027-01-01', false)).toBe('overdue');
    expect(rightsUrgency('2026-12-31', '2027-01-01', true)).toBe('closed');
  });
});

describe('document retention', () => {
  it('keeps six years by default, counted from the end of the month after the period', () => {
    expect(RETENTION_YEARS_DEFAULT).toBe(6);
    expect(retentionEndsOn({ year: 2019, month: 10 }, 6)).toBe('2025-12-01');
    expect(retentionEndsOn({ year: 2019, month: 11 }, 6)).toBe('2026-01-01');
    expect(retentionEndsOn({ year: 2019, month: 12 }, 6)).toBe('2026-02-01');
    expect(isPastRetention({ year: 2019, month: 10 }, 6, '2025-11-30')).toBe(false);
    expect(isPastRetention({ year: 2019, month: 10 }, 6, '2025-12-01')).toBe(true);
  });

  it('takes the end of February of a leap year as any other month end', () => {
    // January 2026's files: due in February, kept until the end of February 2032 (the 29th).
    expect(retentionEndsOn({ year: 2026, month: 1 }, 6)).toBe('2032-03-01');
    expect(isPastRetention({ year: 2026, month: 1 }, 6, '2032-02-29')).toBe(false);
    expect(isPastRetention({ year: 2026, month: 1 }, 6, '2032-03-01')).toBe(true);
    // In a common year the last kept day is the 28th.
    expect(isPastRetention({ year: 2025, month: 1 }, 6, '2031-02-28')).toBe(false);
    expect(isPastRetention({ year: 2025, month: 1 }, 6, '2031-03-01')).toBe(true);
  });

  it('names the latest period past retention on a day, for any number of years', () => {
    expect(latestPeriodPastRetention(6, '2026-12-02')).toEqual({ year: 2020, month: 10 });
    expect(latestPeriodPastRetention(6, '2026-01-01')).toEqual({ year: 2019, month: 11 });
    expect(latestPeriodPastRetention(1, '2026-02-15')).toEqual({ year: 2024, month: 12 });
    for (const years of [1, 6, 10]) {
      for (const today of ['2026-01-01', '2028-02-29', '2030-12-31']) {
        const latest = latestPeriodPastRetention(years, today);
        expect(isPastRetention(latest, years, today)).toBe(true);
        const next = latest.month === 12 ? { year: latest.year + 1, month: 1 } : { ...latest, month: latest.month + 1 };
        expect(isPastRetention(next, years, today)).toBe(false);
      }
    }
  });
});

describe("the activity log's kept years", () => {
  it('keeps from the same day that many years back', () => {
    expect(activityKeptFrom(6, '2026-12-02')).toBe('2020-12-02');
    expect(activityKeptFrom(1, '2027-01-01')).toBe('2026-01-01');
  });

  it('goes back from 29 February to the 28th of a common year, and to the 29th of a leap one', () => {
    expect(activityKeptFrom(1, '2028-02-29')).toBe('2027-02-28');
    expect(activityKeptFrom(6, '2032-02-29')).toBe('2026-02-28');
    expect(activityKeptFrom(4, '2032-02-29')).toBe('2028-02-29');
  });
});
