import { describe, expect, it } from 'vitest';
import { decimalMsg, formatHundredths, parseHundredths } from './money-decimal.ts';

const limits = { maxHundredths: 100_000_000 };

describe('parseHundredths (UF amounts and values as a Chilean types them)', () => {
  it.each([
    ['2,5', 250],
    ['3', 300],
    ['39.643,59', 3_964_359],
    ['1.000', 100_000],
    ['0,01', 1],
    ['  2,25 ', 225],
    ['39643,59', 3_964_359],
    ['0', 0],
    ['1.000.000', 100_000_000],
  ])('reads %j as %d hundredths', (input, expected) => {
    expect(parseHundredths(input, limits)).toEqual({ success: true, value: expected });
  });

  it('reads JSON numbers with at most two decimals', () => {
    expect(parseHundredths(2.5, limits)).toEqual({ success: true, value: 250 });
    expect(parseHundredths(39643.59, limits)).toEqual({ success: true, value: 3_964_359 });
    expect(parseHundredths(0.1, limits)).toEqual({ success: true, value: 10 });
    expect(parseHundredths(1.234, limits)).toEqual({ success: false, error: decimalMsg.tooManyDecimals });
    expect(parseHundredths(Number.NaN, limits)).toEqual({ success: false, error: decimalMsg.invalid });
    expect(parseHundredths(1e21, limits)).toEqual({ success: false, error: decimalMsg.tooLarge });
  });

  it("refuses three decimals ('1,234' would be a thousand the English way) with a message saying at most two", () => {
    expect(parseHundredths('1,234', limits)).toEqual({ success: false, error: decimalMsg.tooManyDecimals });
    expect(decimalMsg.tooManyDecimals).toContain('máximo dos decimales');
  });

  it.each([['39643.59'], ['1.5'], ['1.23'], ['12.34.567'], ['1.2345']])(
    'refuses %j: a dot that cannot group thousands is ambiguous',
    (input) => {
      expect(parseHundredths(input, limits)).toEqual({ success: false, error: decimalMsg.ambiguous });
    },
  );

  it.each([['abc'], ['1,2,3'], [','], ['1,'], [',5'], ['1e3'], ['$5'], ['2,5 UF'], ['\u0000']])(
    'refuses %j as not a number',
    (input) => {
      expect(parseHundredths(input, limits)).toEqual({ success: false, error: decimalMsg.invalid });
    },
  );

  it('refuses negatives, empties and values past the limit', () => {
    expect(parseHundredths('-2,5', limits)).toEqual({ success: false, error: decimalMsg.negative });
    expect(parseHundredths(-1, limits)).toEqual({ success: false, error: decimalMsg.negative });
    expect(parseHundredths('  ', limits)).toEqual({ success: false, error: decimalMsg.required });
    expect(parseHundredths('1.000.000,01', limits)).toEqual({ success: false, error: decimalMsg.tooLarge });
    expect(parseHundredths('9'.repeat(400), limits)).toEqual({ success: false, error: decimalMsg.tooLarge });
    expect(parseHundredths('1.000.000,01', { ...limits, tooLargeMessage: 'Máx' })).toEqual({
      success: false,
      error: 'Máx',
    });
  });
});

describe('formatHundredths', () => {
  it('writes Chilean decimals, without trailing zeros unless fixed', () => {
    expect(formatHundredths(250)).toBe('2,5');
    expect(formatHundredths(300)).toBe('3');
    expect(formatHundredths(3_964_359)).toBe('39.643,59');
    expect(formatHundredths(3_964_350, { fixed: true })).toBe('39.643,50');
    expect(formatHundredths(5)).toBe('0,05');
    expect(formatHundredths(-250)).toBe('-2,5');
    expect(() => formatHundredths(1.5)).toThrow(RangeError);
  });
});
