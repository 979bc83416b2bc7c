/**
 * Chilean RUT helpers, shared by the company form (formatting as the user types) and the server
 * (validation and the normalised stored form `12.345.678-5`, check digit K in upper case).
 */

/** Longest body we accept (99.999.999 plus one spare digit). */
const MAX_BODY_DIGITS = 9;

/** Removes dots, dashes and blanks and upper-cases a k; anything else is kept (and makes the RUT invalid). */
export function cleanRut(value: string): string {
  return value.replace(/[.\-\s]/g, '').toUpperCase();
}

/** The modulus-11 check digit ('0'-'9' or 'K') of a RUT body made of digits. */
export function computeRutCheckDigit(body: string | number): string {
  const digits = String(body);
  if (!/^\d+$/.test(digits)) throw new Error(`RUT body must be digits: ${digits}`);
  let sum = 0;
  let factor = 2;
  for (let index = digits.length - 1; index >= 0; index--) {
    sum += Number(digits[index]) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  if (rest === 11) return '0';
  if (rest === 10) return 'K';
  return String(rest);
}

/**
 * Splits a RUT in any common spelling into body (no leading zeros) and check digit; null when it is
 * not shaped like one. A dash, when written, must be followed by the check digit alone: in
 * '12.345.674-' the check digit is missing, and reading its last digit as one would turn it into
 * another company's RUT (1.234.567-4) about one time in eleven.
 */
export function parseRut(value: string): { body: string; checkDigit: string } | null {
  const compact = value.replace(/\s/g, '');
  if (compact.includes('-') && !/^[^-]+-[\dkK]$/.test(compact)) return null;
  const clean = cleanRut(value);
  const match = /^(\d+)([\dK])$/.exec(clean);
  if (!match?.[1] || !match[2]) return null;
  const body = match[1].replace(/^0+(?=\d)/, '');
  return { body, checkDigit: match[2] };
}

function withDots(body: string): string {
  return body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * The normalised form `12.345.678-5` of a RUT written with or without dots and dash. A value that
 * is not shaped like a RUT is answered trimmed and unchanged, so validation still refuses it.
 */
export function formatRut(value: string): string {
  const parsed = parseRut(value);
  if (!parsed) return value.trim();
  return `${withDots(parsed.body)}-${parsed.checkDigit}`;
}

/**
 * A RUT is valid when, without dots, it has at least 8 characters, digits, a dash, then a digit or
 * k; and the modulus-11 check digit must hold.
 */
export function isValidRut(value: string): boolean {
  const withoutDots = value.trim().replaceAll('.', '');
  if (withoutDots.length < 8) return false;
  const match = /^(\d+)-([\dkK])$/.exec(withoutDots);
  if (!match?.[1] || !match[2]) return false;
  const body = match[1].replace(/^0+(?=\d)/, '');
  if (body.length > MAX_BODY_DIGITS) return false;
  return computeRutCheckDigit(body) === match[2].toUpperCase();
}

/**
 * Formats what the user has typed so far: keeps digits (and a k only as the last character), then
 * shows dots and a dash before the last character. `123456785` → `12.345.678-5`, `1234` → `123-4`.
 */
export function formatRutInput(value: string): string {
  // A dash typed at the end says the check digit is still to come: '12.345.674-' stays so (and is
  // refused if left so) rather than becoming '1.234.567-4'.
  if (/\d\s*-\s*$/.test(value)) {
    const body = value.replace(/\D/g, '').slice(0, MAX_BODY_DIGITS);
    return `${withDots(body)}-`;
  }
  let clean = value.replace(/[^\dkK]/g, '').toUpperCase();
  // A K is only meaningful as the check digit: drop any K that is followed by more characters.
  clean = clean.replace(/K(?=.)/g, '');
  clean = clean.slice(0, MAX_BODY_DIGITS + 1);
  if (clean.length <= 1) return clean;
  return `${withDots(clean.slice(0, -1))}-${clean.slice(-1)}`;
}
