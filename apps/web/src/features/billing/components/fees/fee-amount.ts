import { type Currency, formatAgreedAmount, formatUfInPesos, ufToPesos } from '@app/shared/billing';

/** An agreed amount as shown: '$150.000', or '3 UF = $118.456' when a UF value is known ('3 UF' when not). */
export function agreedAmountShown(currency: Currency, amount: number, ufValue: number | null): string {
  if (currency === 'UF' && ufValue !== null) return formatUfInPesos(amount, ufToPesos(amount, ufValue));
  return formatAgreedAmount(currency, amount);
}
