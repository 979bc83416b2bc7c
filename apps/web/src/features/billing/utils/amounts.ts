import { type Currency, UF_AMOUNT_MAX_HUNDREDTHS, UF_VALUE_MAX_HUNDREDTHS } from '@app/shared/billing';
import { billingMsg } from '@app/shared/messages-billing';
import { formatMoneyInput, parseMoney } from '@app/shared/money';
import { formatHundredths, parseHundredths } from '@app/shared/money-decimal';

/**
 * Why a typed agreed amount is refused, or null: UF through the shared decimal reader ('2,5', '3'),
 * pesos through the shared money parser ('150.000'); the server reads it again the same way.
 */
export function agreedAmountError(currency: Currency, text: string): string | null {
  const parsed =
    currency === 'UF'
      ? parseHundredths(text, { maxHundredths: UF_AMOUNT_MAX_HUNDREDTHS, tooLargeMessage: billingMsg.ufAmountTooLarge })
      : parseMoney(text);
  if (!parsed.success) return parsed.error;
  return parsed.value > 0 ? null : billingMsg.amountPositive;
}

/** Why a typed UF value is refused ('39.643,59'), or null. */
export function ufValueError(text: string): string | null {
  const parsed = parseHundredths(text, {
    maxHundredths: UF_VALUE_MAX_HUNDREDTHS,
    tooLargeMessage: billingMsg.ufValueTooLarge,
  });
  if (!parsed.success) return parsed.error;
  return parsed.value > 0 ? null : billingMsg.ufValueZero;
}

/** A stored agreed amount as the form shows it again: pesos '150.000', UF '2,5'. */
export const agreedAmountText = (currency: Currency, amount: number) =>
  currency === 'UF' ? formatHundredths(amount) : formatMoneyInput(amount);
