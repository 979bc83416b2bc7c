import { describe, expect, it } from 'vitest';
import { defaultFilingPeriod } from './filing-period';

describe("the period 'Archivar en documentos' proposes", () => {
  it("is the message's month in Santiago", () => {
    // 1 November 2026 at 01:30 UTC is still 31 October in Santiago (UTC−3).
    expect(defaultFilingPeriod('2026-11-01T01:30:00Z', { year: 2026, month: 11 })).toEqual({ year: 2026, month: 10 });
    expect(defaultFilingPeriod('2026-11-20T15:00:00Z', { year: 2026, month: 11 })).toEqual({ year: 2026, month: 11 });
  });

  it('is the latest period the boards open when the message is later (before the 25th)', () => {
    expect(defaultFilingPeriod('2026-11-10T15:00:00Z', { year: 2026, month: 10 })).toEqual({ year: 2026, month: 10 });
  });
});
