/**
 * Amounts with up to two decimals typed by a Chilean user, kept as whole hundredths: UF amounts
 * ('2,5' UF is 250) and UF values ('39.643,59' pesos is 3964359). The sibling of `parseMoney`
 * (money.ts), with the same reading: dots group thousands (exactly, '1.000' is a thousand), a comma
 * starts the decimals; a dot that cannot be a thousands separator ('39643.59') is refused as
 * ambiguous, and so are three decimals ('1,234': written the English way it would be a thousand).
 * Integer arithmetic only: no float ever holds the value.
 */

export const decimalMsg = {
  required: 'Ingrese un valor',
  invalid: 'Ingrese un número, por ejemplo 39.643,59',
  ambiguous: 'Número ambiguo: use el punto solo para separar miles (39.643,59) y la coma para los decimales (2,5)',
  tooManyDecimals: 'Use como máximo dos decimales (por ejemplo 2,25)',
  negative: 'El valor no puede ser negativo',
  tooLarge: 'El valor es demasiado grande',
} as const;

export interface ParseHundredthsOptions {
  /** Largest value accepted, in hundredths (inclusive). */
  maxHundredths: number;
  /** Message for an empty value; default `decimalMsg.required`. */
  requiredMessage?: string;
  /** Message past the maximum; default `decimalMsg.tooLarge`. */
  tooLargeMessage?: string;
}

export type HundredthsResult = { success: true; value: number } | { success: false; error: string };

const SHAPE = /^(-?)\s*([\d.,]+)$/;
const PLAIN = /^\d+$/;
const GROUPED = /^\d{1,3}(?:\.\d{3})+$/;

const fail = (error: string): HundredthsResult => ({ success: false, error });

/** A JSON number with at most two decimals, as hundredths (2.5 → 250), read through its shortest text. */
function numberToHundredths(value: number, options: ParseHundredthsOptions): HundredthsResult {
  if (Number.isNaN(value)) return fail(decimalMsg.invalid);
  if (!Number.isFinite(value)) return fail(options.tooLargeMessage ?? decimalMsg.tooLarge);
  if (value < 0) return fail(decimalMsg.negative);
  // `String(2.5)` is '2.5' and `String(1e21)` '1e+21': the shortest text that reads back as the number.
  const text = String(value);
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return fail(options.tooLargeMessage ?? decimalMsg.tooLarge);
  const [, whole = '0', decimals = ''] = match;
  if (decimals.length > 2) return fail(decimalMsg.tooManyDecimals);
  return withinLimit(whole, decimals, options);
}

function withinLimit(whole: string, decimals: string, options: ParseHundredthsOptions): HundredthsResult {
  const digits = `${whole.replace(/^0+(?=\d)/, '')}${decimals.padEnd(2, '0')}`.replace(/^0+(?=\d)/, '');
  if (digits.length > String(options.maxHundredths).length) return fail(options.tooLargeMessage ?? decimalMsg.tooLarge);
  const value = Number(digits);
  if (value > options.maxHundredths) return fail(options.tooLargeMessage ?? decimalMsg.tooLarge);
  return { success: true, value };
}

/** Reads a decimal amount as whole hundredths ('39.643,59' → 3964359), or says in Spanish why it cannot. */
export function parseHundredths(input: string | number, options: ParseHundredthsOptions): HundredthsResult {
  if (typeof input === 'number') return numberToHundredths(input, options);
  const text = input.trim();
  if (text === '') return fail(options.requiredMessage ?? decimalMsg.required);
  const shape = SHAPE.exec(text);
  if (!shape) return fail(decimalMsg.invalid);
  const [, minus, amount] = shape as unknown as [string, string, string];
  const parts = amount.split(',');
  if (parts.length > 2) return fail(decimalMsg.invalid);
  const [whole = '', decimals = ''] = parts;
  if (parts.length === 2 && !PLAIN.test(decimals)) return fail(decimalMsg.invalid);
  if (whole === '') return fail(decimalMsg.invalid);
  if (whole.includes('.')) {
    if (!GROUPED.test(whole)) return fail(decimalMsg.ambiguous);
  } else if (!PLAIN.test(whole)) {
    return fail(decimalMsg.invalid);
  }
  if (decimals.length > 2) return fail(decimalMsg.tooManyDecimals);
  const result = withinLimit(whole.replaceAll('.', ''), decimals, options);
  if (result.success && minus && result.value > 0) return fail(decimalMsg.negative);
  return result;
}

const esCl = new Intl.NumberFormat('es-CL', { useGrouping: 'always' });

/**
 * Hundredths as a Chilean decimal without trailing zeros: 250 → '2,5', 300 → '3', 3964359 →
 * '39.643,59'. `fixed` keeps both decimals ('39.643,50'), as a UF value is published.
 */
export function formatHundredths(hundredths: number, { fixed = false }: { fixed?: boolean } = {}): string {
  if (!Number.isSafeInteger(hundredths)) throw new RangeError(`Not a whole number of hundredths: ${hundredths}`);
  const negative = hundredths < 0;
  const magnitude = Math.abs(hundredths);
  const whole = esCl.format(Math.trunc(magnitude / 100));
  let decimals = String(magnitude % 100).padStart(2, '0');
  if (!fixed) decimals = decimals.replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${decimals ? `,${decimals}` : ''}`;
}
