import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardToday, DAY_CHECK_MS, watchSantiagoDay } from './santiago-today';

describe('watching the Santiago day', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('tells the new day within a minute of midnight in Santiago, once, and nothing after it stops', () => {
    vi.useFakeTimers();
    // 23:58 of 27 November in Santiago (UTC-3).
    vi.setSystemTime(new Date('2026-11-28T02:58:00Z'));
    const days: string[] = [];
    const stop = watchSantiagoDay((day) => days.push(day));
    vi.advanceTimersByTime(DAY_CHECK_MS);
    expect(days).toEqual([]);
    vi.advanceTimersByTime(DAY_CHECK_MS);
    expect(days).toEqual(['2026-11-28']);
    vi.advanceTimersByTime(10 * DAY_CHECK_MS);
    expect(days).toEqual(['2026-11-28']);
    stop();
    vi.setSystemTime(new Date('2026-11-29T03:30:00Z'));
    vi.advanceTimersByTime(10 * DAY_CHECK_MS);
    expect(days).toEqual(['2026-11-28']);
  });

  it("the board's day is the server's until this browser's Santiago day is later", () => {
    expect(boardToday(undefined, '2026-11-28')).toBe('');
    expect(boardToday('2026-11-27', '2026-11-27')).toBe('2026-11-27');
    expect(boardToday('2026-11-27', '2026-11-28')).toBe('2026-11-28');
    expect(boardToday('2026-11-28', '2026-11-27')).toBe('2026-11-28');
  });
});
