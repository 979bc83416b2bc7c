import { describe, expect, it } from 'vitest';
import { addDays, formatDuration, formatElapsed, mondayOf, parseDuration, weekDates } from './duration.ts';

describe("a duration typed as 'h:mm'", () => {
  it('reads hours and two digits of minutes, from 0:01 to 24:00', () => {
    expect(parseDuration('1:30')).toEqual({ success: true, minutes: 90 });
    expect(parseDuration(' 0:01 ')).toEqual({ success: true, minutes: 1 });
    expect(parseDuration('12:05')).toEqual({ success: true, minutes: 725 });
    expect(parseDuration('24:00')).toEqual({ success: true, minutes: 1440 });
  });

  it('refuses decimal hours, bare minutes, thousands and control characters as the wrong format', () => {
    for (const text of [
      '1,5',
      '1.5',
      '90',
      '1,234',
      '1:5',
      '1:60',
      '1:234',
      '123:00',
      '',
      ':30',
      '1:30\u0000',
      '\u00001:30',
    ]) {
      expect([text, parseDuration(text)]).toEqual([text, { success: false, error: 'format' }]);
    }
  });

  it('refuses 0:00 and anything past 24:00 as out of range', () => {
    for (const text of ['0:00', '24:01', '25:00', '99:59']) {
      expect([text, parseDuration(text)]).toEqual([text, { success: false, error: 'range' }]);
    }
  });

  it('shows minutes as h:mm and seconds as h:mm:ss', () => {
    expect([formatDuration(0), formatDuration(59), formatDuration(90), formatDuration(1440)]).toEqual([
      '0:00',
      '0:59',
      '1:30',
      '24:00',
    ]);
    expect([formatElapsed(0), formatElapsed(3599), formatElapsed(3661)]).toEqual(['0:00:00', '0:59:59', '1:01:01']);
  });

  it('finds a week’s Monday and its seven days across a month’s end', () => {
    expect(mondayOf('2026-11-01')).toBe('2026-10-26'); // a Sunday
    expect(mondayOf('2026-10-26')).toBe('2026-10-26');
    expect(weekDates('2026-10-26')).toEqual([
      '2026-10-26',
      '2026-10-27',
      '2026-10-28',
      '2026-10-29',
      '2026-10-30',
      '2026-10-31',
      '2026-11-01',
    ]);
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });
});
