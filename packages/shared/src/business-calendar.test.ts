import { describe, expect, it } from 'vitest';
import { chargeDueDate } from './billing.ts';
import { businessCalendar } from './due-dates-cl.ts';
import { isTrackedIn } from './period.ts';

describe('businessCalendar: Chile’s holidays and the firm’s extra ones', () => {
  const calendar = businessCalendar(['2026-11-13', '2026-11-16']);

  it('moves a due date past a firm holiday, and past the weekend and the next one after it', () => {
    // October's work, due day 13: Friday 13 November is the firm's, then the weekend, then Monday 16.
    expect(businessCalendar().dueDate({ year: 2026, month: 10 }, 13)).toBe('2026-11-13');
    expect(calendar.dueDate({ year: 2026, month: 10 }, 13)).toBe('2026-11-17');
    expect(
      calendar.dueDateFor({ dueDay: 13, dueDayElectronic: 20 }, { electronicFiling: false }, { year: 2026, month: 10 }),
    ).toBe('2026-11-17');
    expect(calendar.isHoliday('2026-11-13')).toBe(true);
    // National holidays still count.
    expect(calendar.isHoliday('2026-12-25')).toBe(true);
    expect(calendar.nextBusinessDay('2026-12-25')).toBe('2026-12-28');
  });

  it('moves a charge’s due date (billing uses the same calendar)', () => {
    expect(chargeDueDate('2026-11-03', 10, businessCalendar().isHoliday)).toBe('2026-11-13');
    expect(chargeDueDate('2026-11-03', 10, calendar.isHoliday)).toBe('2026-11-17');
  });
});

describe("isTrackedIn: a company's 'Seguimiento desde'", () => {
  it('tracks every month without one, and from its month on with one', () => {
    expect(isTrackedIn({ trackingSince: null }, { year: 2010, month: 1 })).toBe(true);
    expect(isTrackedIn({ trackingSince: '2026-11' }, { year: 2026, month: 10 })).toBe(false);
    expect(isTrackedIn({ trackingSince: '2026-11' }, { year: 2025, month: 12 })).toBe(false);
    expect(isTrackedIn({ trackingSince: '2026-11' }, { year: 2026, month: 11 })).toBe(true);
    expect(isTrackedIn({ trackingSince: '2026-11' }, { year: 2027, month: 1 })).toBe(true);
  });
});
