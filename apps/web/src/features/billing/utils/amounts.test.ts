import { moneyMsg } from '@app/shared/money';
import { decimalMsg } from '@app/shared/money-decimal';
import { describe, expect, it } from 'vitest';
import { agreedAmountError, agreedAmountText, ufValueError } from './amounts';

describe('typed billing amounts', () => {
  it('reads UF with a comma for decimals and refuses a third decimal', () => {
    expect(agreedAmountError('UF', '2,5')).toBeNull();
    expect(agreedAmountError('UF', '3')).toBeNull();
    expect(agreedAmountError('UF', '2,555')).toBe(decimalMsg.tooManyDecimals);
    expect(agreedAmountError('UF', '0')).toBe('El monto debe ser mayor que cero');
  });

  it('reads pesos with the money parser: dots group thousands, the English comma is refused', () => {
    expect(agreedAmountError('CLP', '150.000')).toBeNull();
    expect(agreedAmountError('CLP', '1,234')).toBe(moneyMsg.ambiguous);
  });

  it('refuses a UF value written the English way and takes the published one', () => {
    expect(ufValueError('39.643,59')).toBeNull();
    expect(ufValueError('39643.59')).toBe(decimalMsg.ambiguous);
  });

  it('shows a stored amount again as it is typed', () => {
    expect(agreedAmountText('UF', 250)).toBe('2,5');
    expect(agreedAmountText('CLP', 150_000)).toBe('150.000');
  });
});
