/**
 * Pesos typed by a Chilean user: dots group thousands, a comma starts the decimals,
 * an optional '$'. Every money field, on the web and on the server, reads amounts through
 * `parseMoney` so that '1.234.567', '1234567', '$1.234.567' and '1234567,89' all mean 1.234.567
 * pesos (amounts are kept as whole pesos, truncated), and a dot that cannot be a thousands separator
 * ('1234.5', '1.23') is refused as ambiguous instead of being guessed; so is a comma that may be
 * one ('1,234', '1,234,567': written the English way, they would be read as $1).
 */

/** Largest amount accepted (pesos): far beyond any monthly tax, far below float trouble. */
export const MONEY_MAX = 999_999_999_999;

export const moneyMsg = {
  required: 'Ingrese un monto',
  invalid: 'Ingrese un monto en pesos, por ejemplo 1.234.567',
  ambiguous:
    'Monto ambiguo: use el punto solo para separar miles (1.234.567) y la coma para los decimales (1234567,89)',
  negative: 'El monto no puede ser negativo',
  tooLarge: 'El valor es demasiado grande',
} as const;

export interface ParseMoneyOptions {
  /** Accept a leading minus (only where the state allows negatives). Default: refused. */
  allowNegative?: boolean;
  /** Message for an empty value; default `moneyMsg.required`. */
  requiredMessage?: string;
}

export type MoneyResult = { success: true; value: number } | { success: false; error: string };

/** Optional minus and '$' in either order, then the amount. */
const SHAPE = /^(-?)\s*(?:\$\s*)?(-?)\s*([\d.,]+)$/;
/** Whole part without dots, or with dots grouping thousands exactly: 1.234.567. */
const PLAIN = /^\d+$/;
const GROUPED = /^\d{1,3}(?:\.\d{3})+$/;
/** Commas where the English way groups thousands: '1,234', '12,345,678'. */
const COMMA_GROUPED = /^[1-9]\d{0,2}(?:,\d{3})+$/;

const fail = (error: string): MoneyResult => ({ success: false, error });

function checkNumber(value: number, options: ParseMoneyOptions): MoneyResult {
  if (Number.isNaN(value)) return fail(moneyMsg.invalid);
  if (!Number.isFinite(value) || Math.abs(value) > MONEY_MAX) return fail(moneyMsg.tooLarge);
  const whole = Math.trunc(value) || 0; // -0 is 0
  if (whole < 0 && !options.allowNegative) return fail(moneyMsg.negative);
  return { success: true, value: whole };
}

/** Reads an amount of pesos, truncated to an integer, or says in Spanish why it cannot. */
export function parseMoney(input: string | number, options: ParseMoneyOptions = {}): MoneyResult {
  if (typeof input === 'number') return checkNumber(input, options);
  const text = input.trim();
  if (text === '') return fail(options.requiredMessage ?? moneyMsg.required);
  const shape = SHAPE.exec(text);
  if (!shape) return fail(moneyMsg.invalid);
  const [, minusBefore, minusAfter, amount] = shape as unknown as [string, string, string, string];
  if (minusBefore && minusAfter) return fail(moneyMsg.invalid);
  const negative = Boolean(minusBefore || minusAfter);

  if (COMMA_GROUPED.test(amount)) return fail(moneyMsg.ambiguous);
  const parts = amount.split(',');
  if (parts.length > 2) return fail(moneyMsg.invalid);
  const [whole = '', decimals] = parts;
  if (decimals !== undefined && !PLAIN.test(decimals)) return fail(moneyMsg.invalid);
  if (whole === '') return fail(moneyMsg.invalid);
  if (whole.includes('.')) {
    if (!GROUPED.test(whole)) return fail(moneyMsg.ambiguous);
  } else if (!PLAIN.test(whole)) {
    return fail(moneyMsg.invalid);
  }
  const digits = whole.replaceAll('.', '').replace(/^0+(?=\d)/, '');
  if (digits.length > String(MONEY_MAX).length) return fail(moneyMsg.tooLarge);
  const magnitude = Number(digits);
  if (magnitude > MONEY_MAX) return fail(moneyMsg.tooLarge);
  if (magnitude === 0) return { success: true, value: 0 };
  if (negative && !options.allowNegative) return fail(moneyMsg.negative);
  return { success: true, value: negative ? -magnitude : magnitude };
}

const esCl = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 0, useGrouping: 'always' });

/**
 * Pesos as the app shows them: '$1.234.567' (es-CL, dot thousands, no decimals). NaN and the
 * infinities are refused (RangeError), not shown as '$0' or '$∞': an amount that reaches the screen
 * was read by `parseMoney` or validated by a schema, so one of them here is a bug to surface.
 */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount of money: ${value}`);
  const whole = Math.trunc(value) || 0;
  return `${whole < 0 ? '-' : ''}$${esCl.format(Math.abs(whole))}`;
}

/** An amount as typed in an input: '1.234.567' (no '$', the input shows it). */
export function formatMoneyInput(value: number): string {
  return formatMoney(value).replace('$', '');
}

/** True when a free text is made only of what an amount is written with (digits, '$', '.', ',', '-'). */
export function looksLikeMoney(text: string): boolean {
  const trimmed = text.trim();
  return /\d/.test(trimmed) && /^[\d\s$.,-]+$/.test(trimmed);
}

/**
 * A free-text value that may hold an amount (the task board's 'Valor'): an amount, in any form
 * `parseMoney` reads, is written back as '$1.234.567'; other text is kept as typed.
 */
export function normalizeMoneyText(
  text: string,
  options: ParseMoneyOptions = {},
): { success: true; value: string } | { success: false; error: string } {
  if (!looksLikeMoney(text)) return { success: true, value: text };
  const parsed = parseMoney(text, options);
  return parsed.success ? { success: true, value: formatMoney(parsed.value) } : parsed;
}
