import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatMoneyInput,
  looksLikeMoney,
  MONEY_MAX,
  moneyMsg,
  normalizeMoneyText,
  parseMoney,
} from './money.ts';

describe('parseMoney', () => {
  it.each([
    ['1.234.567', 1_234_567],
    ['1234567', 1_234_567],
    ['$1.234.567', 1_234_567],
    ['1234567,89', 1_234_567],
    ['1.234.567,89', 1_234_567],
    ['$ 1.234.567', 1_234_567],
    ['  $1234567,5  ', 1_234_567],
    ['0', 0],
    ['0,99', 0],
    ['999', 999],
    ['1.000', 1000],
    ['12.345', 12_345],
    ['123.456.789.012', 123_456_789_012],
  ])('reads %j as %d pesos (dot thousands, comma decimals truncated)', (input, expected) => {
    expect(parseMoney(input)).toEqual({ success: true, value: expected });
  });

  it('accepts a number as it is, truncated to whole pesos', () => {
    expect(parseMoney(1234567.89)).toEqual({ success: true, value: 1_234_567 });
  });

  it.each([
    ['1234567.89'],
    ['1234.5'],
    ['1.23'],
    ['1.2'],
    ['1234.567'],
    ['1.234.56'],
    ['1.2345'],
    ['12.34.567'],
    ['$1.23'],
  ])('refuses %j: a dot followed by other than three digits (or badly grouped) is ambiguous', (input) => {
    expect(parseMoney(input)).toEqual({ success: false, error: moneyMsg.ambiguous });
  });

  it.each([['1,234'], ['12,345'], ['$1,234'], ['1,234,567'], ['-1,000']])(
    'refuses %j: a comma that may group thousands the English way is ambiguous, not read as decimals',
    (input) => {
      expect(parseMoney(input, { allowNegative: true })).toEqual({ success: false, error: moneyMsg.ambiguous });
    },
  );

  it('still reads a comma that can only start decimals', () => {
    expect(parseMoney('1,5')).toEqual({ success: true, value: 1 });
    expect(parseMoney('1234,567')).toEqual({ success: true, value: 1234 });
    expect(parseMoney('1.234,567')).toEqual({ success: true, value: 1234 });
    expect(parseMoney('0,500')).toEqual({ success: true, value: 0 });
  });

  it.each([
    ['abc'],
    ['12a'],
    ['1,2,3'],
    [','],
    ['$'],
    ['1 234'],
    ['--5'],
    ['1e6'],
    ['0x10'],
    ['$$1'],
    ['1.234,'],
    [',5'],
  ])('refuses garbage %j as not an amount', (input) => {
    expect(parseMoney(input)).toEqual({ success: false, error: moneyMsg.invalid });
  });

  it.each([[''], ['   ']])('refuses an empty value %j with the required message', (input) => {
    expect(parseMoney(input)).toEqual({ success: false, error: moneyMsg.required });
    expect(parseMoney(input, { requiredMessage: 'Este estado requiere un valor' })).toEqual({
      success: false,
      error: 'Este estado requiere un valor',
    });
  });

  it.each([['-1.234'], ['-$1.234'], ['$-1.234'], ['-1234,5'], ['-1']])(
    'refuses the negative %j unless negatives are allowed',
    (input) => {
      expect(parseMoney(input)).toEqual({ success: false, error: moneyMsg.negative });
    },
  );

  it('refuses a negative number unless negatives are allowed', () => {
    expect(parseMoney(-5)).toEqual({ success: false, error: moneyMsg.negative });
    expect(parseMoney(-5.7, { allowNegative: true })).toEqual({ success: true, value: -5 });
  });

  it.each([
    ['-1.234', -1234],
    ['-$1.234.567', -1_234_567],
    ['$-1.234.567', -1_234_567],
    ['-1234567,89', -1_234_567],
  ])('reads the negative %j as %d when the state allows negatives', (input, expected) => {
    expect(parseMoney(input, { allowNegative: true })).toEqual({ success: true, value: expected });
  });

  it('reads minus zero as zero, which is not negative', () => {
    expect(parseMoney('-0,5')).toEqual({ success: true, value: 0 });
  });

  it('refuses amounts beyond the largest value a cell holds', () => {
    expect(parseMoney(String(MONEY_MAX))).toEqual({ success: true, value: MONEY_MAX });
    expect(parseMoney(String(MONEY_MAX + 1))).toEqual({ success: false, error: moneyMsg.tooLarge });
    expect(parseMoney('9'.repeat(40))).toEqual({ success: false, error: moneyMsg.tooLarge });
    expect(parseMoney(Number.POSITIVE_INFINITY)).toEqual({ success: false, error: moneyMsg.tooLarge });
    expect(parseMoney(Number.NaN)).toEqual({ success: false, error: moneyMsg.invalid });
  });
});

describe('looksLikeMoney', () => {
  it.each([['1.234.567'], ['$1.234'], ['1234,5'], ['-5'], ['1234.5'], ['1.23']])(
    'takes %j for an amount (so it goes through the money parser)',
    (input) => {
      expect(looksLikeMoney(input)).toBe(true);
    },
  );
  it.each([['F29 presentado'], ['Pendiente'], [''], ['2 facturas']])('takes %j for free text', (input) => {
    expect(looksLikeMoney(input)).toBe(false);
  });
});

describe('normalizeMoneyText', () => {
  it('writes an amount typed in any accepted form as es-CL money, and leaves free text alone', () => {
    expect(normalizeMoneyText('1234567,89')).toEqual({ success: true, value: '$1.234.567' });
    expect(normalizeMoneyText('$1.234.567')).toEqual({ success: true, value: '$1.234.567' });
    expect(normalizeMoneyText('F29 presentado')).toEqual({ success: true, value: 'F29 presentado' });
  });
  it('refuses an ambiguous or negative amount', () => {
    expect(normalizeMoneyText('1234.5')).toEqual({ success: false, error: moneyMsg.ambiguous });
    expect(normalizeMoneyText('-1.000')).toEqual({ success: false, error: moneyMsg.negative });
  });
});

describe('formatMoney', () => {
  it.each([
    [1234567, '$1.234.567'],
    [1234, '$1.234'],
    [999, '$999'],
    [0, '$0'],
    [1234567.89, '$1.234.567'],
    [-25000, '-$25.000'],
  ])('shows %d as %s (es-CL, dot thousands, whole pesos)', (value, shown) => {
    expect(formatMoney(value)).toBe(shown);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [Number.NEGATIVE_INFINITY]])(
    'refuses %s: it is not an amount to show',
    (value) => {
      expect(() => formatMoney(value)).toThrow(RangeError);
      expect(() => formatMoneyInput(value)).toThrow(RangeError);
    },
  );

  it('writes the form input without the sign the input already shows, and reads back the same amount', () => {
    expect(formatMoneyInput(1234567)).toBe('1.234.567');
    expect(parseMoney(formatMoneyInput(1234567))).toEqual({ success: true, value: 1234567 });
  });
});
