import { describe, expect, it } from 'vitest';
import { isChileanHoliday, serviceDueDates } from './due-dates-cl.ts';
import {
  annualDueDateInPeriod,
  overlayTaxYear,
  periodOfAnnualDate,
  SHIPPED_TAX_YEAR_DATES,
  TAX_YEAR_KEYS,
  type TaxYearDate,
} from './tax-year-calendar.ts';

const edit = (key: string, date: string, confirmed = true): TaxYearDate => ({
  key,
  taxYear: Number(date.slice(0, 4)),
  date,
  confirmed,
  source: 'https://www.sii.cl/',
  note: null,
});

describe("'Calendario AT' overlay", () => {
  it('lays an edit over the shipped date of its key and year, keeps the shipped date it replaced, and adds new keys', () => {
    const year = overlayTaxYear(2026, [
      edit('f22', '2026-04-29'),
      edit('dj-1943', '2026-06-30', false),
      edit('f22', '2027-04-28'),
    ]);
    expect(year.find((entry) => entry.key === 'f22')).toEqual({
      ...edit('f22', '2026-04-29'),
      origin: 'edited',
      shippedDate: '2026-04-30',
    });
    expect(year.find((entry) => entry.key === 'dj-1943')).toMatchObject({
      date: '2026-06-30',
      origin: 'added',
      shippedDate: null,
    });
    expect(year.find((entry) => entry.key === 'dj-1887')).toMatchObject({
      date: '2026-03-27',
      origin: 'shipped',
      confirmed: false,
    });
    // By date, then key.
    expect(year.map((entry) => entry.date)).toEqual([...year.map((entry) => entry.date)].sort());
  });

  it('ships AT 2026 and AT 2027 for every key, each on a business day and in its own year, none marked confirmed', () => {
    for (const taxYear of [2026, 2027]) {
      const keys = SHIPPED_TAX_YEAR_DATES.filter((entry) => entry.taxYear === taxYear).map((entry) => entry.key);
      expect(keys.sort()).toEqual(Object.keys(TAX_YEAR_KEYS).sort());
    }
    for (const entry of SHIPPED_TAX_YEAR_DATES) {
      expect(entry.date.slice(0, 4), entry.key).toBe(String(entry.taxYear));
      expect(entry.confirmed).toBe(false);
    }
    // AT 2026's 9 May (declarations with a refund) is a Saturday, as published; AT 2027's were moved to business days.
    for (const entry of SHIPPED_TAX_YEAR_DATES.filter((candidate) => candidate.taxYear === 2027)) {
      const weekday = new Date(`${entry.date}T00:00:00Z`).getUTCDay();
      expect(weekday === 0 || weekday === 6 || isChileanHoliday(entry.date), `${entry.key} ${entry.date}`).toBe(false);
    }
  });

  it("puts an annual date in its own month's period (the F22 of 30 April is April's cell)", () => {
    expect(periodOfAnnualDate('2026-04-30')).toEqual({ year: 2026, month: 4 });
    expect(periodOfAnnualDate('2027-01-15')).toEqual({ year: 2027, month: 1 });
    const lookup = (key: string, taxYear: number) => (key === 'f22' && taxYear === 2026 ? '2026-04-30' : null);
    expect(annualDueDateInPeriod('f22', { year: 2026, month: 4 }, lookup)).toBe('2026-04-30');
    expect(annualDueDateInPeriod('f22', { year: 2026, month: 3 }, lookup)).toBeNull();
    expect(annualDueDateInPeriod('f22', { year: 2026, month: 5 }, lookup)).toBeNull();
    expect(annualDueDateInPeriod('dj-1887', { year: 2026, month: 4 }, lookup)).toBeNull();
  });
});

describe('serviceDueDates', () => {
  it("puts September 2026's F29 (due day 12) on Tuesday 13 October: Monday 12 is a holiday", () => {
    expect(serviceDueDates({ dueDay: 12, dueDayElectronic: null }, { year: 2026, month: 9 })).toEqual({
      paper: '2026-10-13',
      electronic: '2026-10-13',
    });
    expect(serviceDueDates({ dueDay: 12, dueDayElectronic: 20 }, { year: 2026, month: 9 })).toEqual({
      paper: '2026-10-13',
      electronic: '2026-10-20',
    });
  });

  it("gives an annual service its tax year's date in the period it belongs to, as published, and its due days elsewhere", () => {
    const lookup = (key: string, taxYear: number) => (key === 'f22' && taxYear === 2026 ? '2026-04-30' : null);
    const renta = { dueDay: 5, dueDayElectronic: null, catalogueKey: 'f22' };
    expect(serviceDueDates(renta, { year: 2026, month: 4 }, lookup)).toEqual({
      paper: '2026-04-30',
      electronic: '2026-04-30',
    });
    // March's work with due day 5 falls due in April: the 5th is Easter Sunday, so Monday 6.
    expect(serviceDueDates(renta, { year: 2026, month: 3 }, lookup)).toEqual({
      paper: '2026-04-06',
      electronic: '2026-04-06',
    });
  });
});
