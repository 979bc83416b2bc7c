import { describe, expect, it } from 'vitest';
import { companiesMsg } from './messages-companies.ts';
import { cleanRut, computeRutCheckDigit, formatRut, formatRutInput, isValidRut, parseRut } from './rut.ts';
import { RutSchema } from './schemas/businesses.ts';

// Check digits computed independently (by hand-written modulus 11 outside this code base).
const KNOWN_GOOD = [
  ['12345678', '5'],
  ['11111111', '1'],
  ['76086428', '5'],
  ['96790240', '3'],
  ['5126663', '3'],
  ['1000005', 'K'],
  ['10000013', 'K'],
  ['10000004', '0'],
  ['123456', '0'],
] as const;

describe('computeRutCheckDigit', () => {
  it.each(KNOWN_GOOD)('answers the modulus-11 digit of %s (%s)', (body, digit) => {
    expect(computeRutCheckDigit(body)).toBe(digit);
    expect(computeRutCheckDigit(Number(body))).toBe(digit);
  });

  it('refuses a body with anything but digits', () => {
    expect(() => computeRutCheckDigit('12a')).toThrow();
  });
});

describe('cleanRut and parseRut', () => {
  it('drops dots, dash and blanks and upper-cases k', () => {
    expect(cleanRut(' 1.000.005-k ')).toBe('1000005K');
  });

  it('splits body and check digit, without leading zeros', () => {
    expect(parseRut('12.345.678-5')).toEqual({ body: '12345678', checkDigit: '5' });
    expect(parseRut('012345678-5')).toEqual({ body: '12345678', checkDigit: '5' });
    expect(parseRut('1000005k')).toEqual({ body: '1000005', checkDigit: 'K' });
  });

  it('answers null for letters or a K inside the body', () => {
    expect(parseRut('12.34a.678-5')).toBeNull();
    expect(parseRut('12K45678-5')).toBeNull();
    expect(parseRut('')).toBeNull();
  });
});

describe('formatRut', () => {
  it.each([
    ['123456785', '12.345.678-5'],
    ['12345678-5', '12.345.678-5'],
    ['12.345.678-5', '12.345.678-5'],
    [' 1000005k', '1.000.005-K'],
    ['1234560', '123.456-0'],
  ])('normalises %s to %s', (input, expected) => {
    expect(formatRut(input)).toBe(expected);
  });

  it('leaves something that is not a RUT as it is (trimmed)', () => {
    expect(formatRut(' abc ')).toBe('abc');
  });
});

describe('isValidRut', () => {
  it.each(KNOWN_GOOD)('accepts %s-%s with and without dots', (body, digit) => {
    expect(isValidRut(`${body}-${digit}`)).toBe(true);
    expect(isValidRut(formatRut(`${body}${digit}`))).toBe(true);
  });

  it('accepts k and K as check digit', () => {
    expect(isValidRut('1.000.005-k')).toBe(true);
    expect(isValidRut('1.000.005-K')).toBe(true);
    expect(isValidRut('10000013-k')).toBe(true);
  });

  it('refuses a wrong check digit', () => {
    expect(isValidRut('12.345.678-4')).toBe(false);
    expect(isValidRut('12.345.678-K')).toBe(false);
    expect(isValidRut('1.000.005-0')).toBe(false);
    expect(isValidRut('10000004-K')).toBe(false);
  });

  it('refuses fewer than 8 characters without dots', () => {
    expect(isValidRut('12.345-6')).toBe(false); // 7 characters without dots
    expect(isValidRut('1-9')).toBe(false);
    expect(isValidRut('')).toBe(false);
  });

  it('refuses letters, a missing dash, and other check characters', () => {
    expect(isValidRut('12.3A5.678-5')).toBe(false);
    expect(isValidRut('abcdefgh-5')).toBe(false);
    expect(isValidRut('123456785')).toBe(false); // a RUT needs its dash
    expect(isValidRut('12.345.678-X')).toBe(false);
    expect(isValidRut('12.345.678--5')).toBe(false);
  });
});

describe('a RUT written with a dash but no check digit', () => {
  it('is not read as a shorter RUT whose check digit is the last digit of the body', () => {
    // 1.234.567-4 is a valid RUT: '12.345.674-' must not become it.
    expect(isValidRut('1.234.567-4')).toBe(true);
    expect(parseRut('12.345.674-')).toBeNull();
    expect(formatRut('12.345.674-')).toBe('12.345.674-');
    expect(isValidRut(formatRut('12.345.674-'))).toBe(false);
    expect(parseRut('12345674 - ')).toBeNull();
    expect(parseRut('12.345.67-45')).toBeNull();
  });

  it('is refused by the schema with the RUT message, for every body whose last digit would pass as a check digit', () => {
    let accepted = 0;
    for (let body = 10_000_000; body < 10_001_000; body++) {
      if (RutSchema.safeParse(`${body}-`).success) accepted++;
    }
    expect(accepted).toBe(0);
    expect(RutSchema.safeParse('12.345.674-').error?.issues[0]?.message).toBe(companiesMsg.invalidRut);
    expect(RutSchema.parse(' 12.345.678 - 5 ')).toBe('12.345.678-5');
  });

  it('stays as typed in the form, waiting for the check digit', () => {
    expect(formatRutInput('12.345.674-')).toBe('12.345.674-');
    expect(formatRutInput('12345674-')).toBe('12.345.674-');
    expect(formatRutInput('12.345.674-5')).toBe('12.345.674-5');
  });
});

describe('formatRutInput (as the user types)', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '1-2'],
    ['1234', '123-4'],
    ['12345', '1.234-5'],
    ['123456785', '12.345.678-5'],
    ['12.345.678-5', '12.345.678-5'],
    ['12.345.6785', '12.345.678-5'], // a digit typed after an earlier formatting
    ['1000005k', '1.000.005-K'],
    ['10k00005k', '1.000.005-K'], // a K in the middle is dropped
    ['12a34', '123-4'], // letters are dropped
    ['1234567890123', '123.456.789-0'], // capped at 10 characters
  ])('shows %s as %s', (typed, shown) => {
    expect(formatRutInput(typed)).toBe(shown);
  });

  it('produces a valid RUT from a valid RUT typed without format', () => {
    expect(isValidRut(formatRutInput('765432103'))).toBe(isValidRut('76.543.210-3'));
    expect(isValidRut(formatRutInput('760864285'))).toBe(true);
  });
});
