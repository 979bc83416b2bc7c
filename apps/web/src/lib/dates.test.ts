import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, lastChangeText, parseTypedDate, today } from './dates';

describe('dates as the web shows and sends them', () => {
  it('shows a calendar date as DD-MM-YYYY, whatever its time part, and nothing for none', () => {
    expect(formatDate('2024-03-01')).toBe('01-03-2024');
    expect(formatDate('2024-12-31T23:59:59.000Z')).toBe('31-12-2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('no es fecha')).toBe('no es fecha');
  });

  it('reads a typed date in either order and separator, and refuses one that does not exist', () => {
    expect(parseTypedDate('31-12-2024')).toBe('2024-12-31');
    expect(parseTypedDate(' 1/3/2024 ')).toBe('2024-03-01');
    expect(parseTypedDate('2024-3-1')).toBe('2024-03-01');
    expect(parseTypedDate('31-02-2026')).toBeNull();
    expect(parseTypedDate('12-2024')).toBeNull();
  });

  it('shows a moment in Santiago time as DD-MM-YYYY HH:mm', () => {
    expect(formatDateTime('2026-03-12T13:41:00.000Z')).toBe('12-03-2026 10:41');
    expect(formatDateTime('x')).toBe('x');
    expect(lastChangeText({ by: 'Javier P.', at: '2026-03-12T13:41:00.000Z' })).toBe('Javier P., 12-03-2026 10:41');
  });

  it("sends today as the API's YYYY-MM-DD, the day in Santiago whatever the browser's time zone", () => {
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // 22:30 of 13 October in Santiago (UTC-3) is already the 14th in UTC and in Madrid.
      vi.setSystemTime(new Date('2026-10-14T01:30:00Z'));
      expect(today()).toBe('2026-10-13');
      vi.setSystemTime(new Date('2026-10-14T03:00:00Z'));
      expect(today()).toBe('2026-10-14');
    } finally {
      vi.useRealTimers();
    }
  });
});
