import { describe, expect, it } from 'vitest';
import { clampPeriod, parsePeriod, FIRST_PERIOD as STAFF_FIRST_PERIOD } from '../../../lib/period';
import { CLIENT_FIRST_PERIOD } from './period';

const latest = { year: 2026, month: 4 };

describe('the documents month selector', () => {
  it('reads a month from the address and refuses what is not one', () => {
    expect(parsePeriod('2025', '10')).toEqual({ year: 2025, month: 10 });
    expect(parsePeriod('2025', '13')).toBeNull();
    expect(parsePeriod('2025', '0')).toBeNull();
    expect(parsePeriod('dos mil', '3')).toBeNull();
    expect(parsePeriod(null, '3')).toBeNull();
  });

  it('keeps a client between January 2018 and the current period, and the staff from January 2010', () => {
    expect(clampPeriod({ year: 2015, month: 6 }, CLIENT_FIRST_PERIOD, latest)).toEqual({ year: 2018, month: 1 });
    expect(clampPeriod({ year: 2015, month: 6 }, STAFF_FIRST_PERIOD, latest)).toEqual({ year: 2015, month: 6 });
    expect(clampPeriod({ year: 2009, month: 12 }, STAFF_FIRST_PERIOD, latest)).toEqual({ year: 2010, month: 1 });
    expect(clampPeriod({ year: 2026, month: 5 }, CLIENT_FIRST_PERIOD, latest)).toEqual(latest);
    expect(clampPeriod({ year: 2024, month: 12 }, CLIENT_FIRST_PERIOD, latest)).toEqual({ year: 2024, month: 12 });
  });
});
