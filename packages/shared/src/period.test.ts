import { describe, expect, it } from 'vitest';
import { currentPeriod, isContractActiveIn, periodBounds } from './period.ts';

describe('currentPeriod', () => {
  it('is the previous month before day 25 in America/Santiago', () => {
    expect(currentPeriod(new Date('2024-05-24T15:00:00Z'))).toEqual({ month: 4, year: 2024 });
    expect(currentPeriod(new Date('2024-05-01T15:00:00Z'))).toEqual({ month: 4, year: 2024 });
  });

  it('is the current month from day 25', () => {
    expect(currentPeriod(new Date('2024-05-25T15:00:00Z'))).toEqual({ month: 5, year: 2024 });
    expect(currentPeriod(new Date('2024-05-31T15:00:00Z'))).toEqual({ month: 5, year: 2024 });
  });

  it('goes back across the year in January', () => {
    expect(currentPeriod(new Date('2024-01-10T15:00:00Z'))).toEqual({ month: 12, year: 2023 });
  });

  it('switches at midnight in Santiago, not in UTC', () => {
    // 2024-05-25 02:00 UTC is still 2024-05-24 22:00 in Santiago (UTC-4).
    expect(currentPeriod(new Date('2024-05-25T02:00:00Z'))).toEqual({ month: 4, year: 2024 });
    // 2024-05-25 04:30 UTC is 00:30 on the 25th in Santiago.
    expect(currentPeriod(new Date('2024-05-25T04:30:00Z'))).toEqual({ month: 5, year: 2024 });
  });
});

describe('periodBounds', () => {
  it('answers the first and last day, leap years included', () => {
    expect(periodBounds({ month: 2, year: 2024 })).toEqual({ firstDay: '2024-02-01', lastDay: '2024-02-29' });
    expect(periodBounds({ month: 2, year: 2023 })).toEqual({ firstDay: '2023-02-01', lastDay: '2023-02-28' });
    expect(periodBounds({ month: 12, year: 2023 })).toEqual({ firstDay: '2023-12-01', lastDay: '2023-12-31' });
  });
});

describe('isContractActiveIn', () => {
  const march = { month: 3, year: 2024 };
  it('holds when the contract starts by the last day and has no end or ends from the first day', () => {
    expect(isContractActiveIn({ startContract: '2024-03-31', endContract: null }, march)).toBe(true);
    expect(isContractActiveIn({ startContract: '2020-01-01', endContract: '2024-03-01' }, march)).toBe(true);
    expect(isContractActiveIn({ startContract: '2020-01-01', endContract: '' }, march)).toBe(true);
  });

  it('fails when the contract starts later or ended earlier', () => {
    expect(isContractActiveIn({ startContract: '2024-04-01', endContract: null }, march)).toBe(false);
    expect(isContractActiveIn({ startContract: '2020-01-01', endContract: '2024-02-29' }, march)).toBe(false);
  });
});
