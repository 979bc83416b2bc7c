import Holidays from 'date-holidays';
import { describe, expect, it } from 'vitest';
import { CHILE_OFFICIAL_HOLIDAYS, easterSunday, libraryKnownDifferences } from './holidays-cl-official.ts';
import { santiagoDate } from './period.ts';

const weekday = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`).getUTCDay();
const thisYear = Number(santiagoDate().slice(0, 4));
const years = [thisYear, thisYear + 1, thisYear + 2];

describe('date-holidays against the official table of Chile’s national holidays', () => {
  const library = new Holidays('CL', { types: ['public'] });

  it.each(years)('the table has the officially published holidays of %i (extend it each year)', (year) => {
    expect(CHILE_OFFICIAL_HOLIDAYS[year]?.length ?? 0).toBeGreaterThanOrEqual(15);
  });

  it.each(years)(
    'the library lists the same days in %i, but for Easter Sunday in place of Holy Saturday (both weekend days)',
    (year) => {
      const fromLibrary = library.getHolidays(year).map((holiday) => holiday.date.slice(0, 10));
      const official = (CHILE_OFFICIAL_HOLIDAYS[year] ?? []).map((holiday) => holiday.date);
      const known = libraryKnownDifferences(year);
      // The known gap, named: the library's 'Pascua' is a Sunday, the law's Sábado Santo the Saturday before.
      expect(known.libraryOnly.map(weekday)).toEqual([0]);
      expect(known.officialOnly.map(weekday)).toEqual([6]);
      expect(fromLibrary.filter((day) => !official.includes(day))).toEqual(known.libraryOnly);
      expect(official.filter((day) => !fromLibrary.includes(day))).toEqual(known.officialOnly);
    },
  );

  it('puts Easter where the calendar does (2026: 5 April, 2027: 28 March, 2028: 16 April)', () => {
    expect([easterSunday(2026), easterSunday(2027), easterSunday(2028)]).toEqual([
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
    ]);
  });

  it('lists each day once, in order, inside its own year', () => {
    for (const [year, days] of Object.entries(CHILE_OFFICIAL_HOLIDAYS)) {
      const dates = days.map((holiday) => holiday.date);
      expect(dates.every((date) => date.startsWith(`${year}-`))).toBe(true);
      expect([...dates].sort()).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
    }
  });
});
