import { describe, expect, it } from 'vitest';
import { instantToReminder, reminderToInstant } from './reminder';

describe('reminder', () => {
  it("reads the day and time on the firm's clock (America/Santiago)", () => {
    // March 2026 is summer time in Santiago: UTC-3.
    expect(reminderToInstant({ date: '2026-03-12', time: '09:30' })).toBe('2026-03-12T12:30:00.000Z');
    // July is winter time: UTC-4.
    expect(reminderToInstant({ date: '2026-07-01', time: '21:00' })).toBe('2026-07-02T01:00:00.000Z');
  });

  it('is no reminder without a day, and midnight for a day without a time', () => {
    expect(reminderToInstant({ date: null, time: '10:00' })).toBeNull();
    expect(reminderToInstant({ date: '2026-03-12', time: '' })).toBe('2026-03-12T03:00:00.000Z');
  });

  it('gives a saved reminder back as the same day and time', () => {
    expect(instantToReminder('2026-07-02T01:00:00.000Z')).toEqual({ date: '2026-07-01', time: '21:00' });
    expect(instantToReminder(null)).toEqual({ date: null, time: '' });
  });
});
