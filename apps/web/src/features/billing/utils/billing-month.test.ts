import { describe, expect, it } from 'vitest';
import { currentBillingMonth, fromPickerValue, latestBillingMonth, monthLabel, shiftMonth } from './billing-month';

describe('billing months', () => {
  it('is the calendar month of the Santiago day, not the boards\u2019 period (24 March is March)', () => {
    expect(currentBillingMonth('2026-03-24')).toEqual({ year: 2026, month: 3 });
  });

  it('lets December generate January of the next year, and no later', () => {
    expect(latestBillingMonth('2026-12-31')).toEqual({ year: 2027, month: 1 });
    expect(shiftMonth({ year: 2026, month: 1 }, -1)).toEqual({ year: 2025, month: 12 });
  });

  it('reads a month picker\u2019s value and names a month in Spanish', () => {
    expect(fromPickerValue('2026-04-01')).toEqual({ year: 2026, month: 4 });
    expect(fromPickerValue(null)).toBeNull();
    expect(monthLabel({ year: 2026, month: 4 })).toBe('abril 2026');
  });
});
