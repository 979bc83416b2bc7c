import { describe, expect, it } from 'vitest';
import { parseCron } from './cron.ts';

const at = (minute: number, hour: number, day = 24, month = 11, weekday = 2) => ({ minute, hour, day, month, weekday });

describe('parseCron', () => {
  it('matches numbers, lists, ranges and steps', () => {
    const daily = parseCron('30 2 * * *');
    expect(daily?.(at(30, 2))).toBe(true);
    expect(daily?.(at(31, 2))).toBe(false);
    const every15 = parseCron('*/15 8-18 * * 1-5');
    expect(every15?.(at(45, 9))).toBe(true);
    expect(every15?.(at(44, 9))).toBe(false);
    expect(every15?.(at(0, 9, 22, 11, 6))).toBe(false); // Saturday
    expect(parseCron('0 3 1,15 * *')?.(at(0, 3, 15))).toBe(true);
  });

  it('takes 7 as Sunday, and either day field when both are restricted', () => {
    expect(parseCron('0 0 * * 7')?.(at(0, 0, 23, 11, 0))).toBe(true);
    const both = parseCron('0 0 1 * 0');
    expect(both?.(at(0, 0, 1, 11, 3))).toBe(true);
    expect(both?.(at(0, 0, 23, 11, 0))).toBe(true);
    expect(both?.(at(0, 0, 24, 11, 2))).toBe(false);
  });

  it('refuses what is not a five-field expression', () => {
    for (const bad of [
      '',
      '* * * *',
      '60 * * * *',
      '* 24 * * *',
      '5-1 * * * *',
      '*/0 * * * *',
      'a * * * *',
      '* * * * * *',
    ]) {
      expect(parseCron(bad), bad).toBeNull();
    }
  });
});
