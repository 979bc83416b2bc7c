import { describe, expect, it } from 'vitest';
import { billingMsg } from '../messages-billing.ts';
import { decimalMsg } from '../money-decimal.ts';
import { ExtraChargeInputSchema, FeeTermsInputSchema, UfValueSetSchema } from './billing.ts';

const terms = {
  effectiveFrom: { year: 2026, month: 11 },
  currency: 'UF',
  amount: '2,5',
  documentType: 'factura_afecta',
  billingDay: 5,
  paymentTermDays: 10,
};

const messagesOf = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the fee terms form', () => {
  it('reads the amount in its currency: UF hundredths, or whole pesos', () => {
    expect(FeeTermsInputSchema.parse(terms)).toEqual({
      ...terms,
      amount: 250,
      contacts: '',
      toMonth: null,
      active: true,
    });
    expect(FeeTermsInputSchema.parse({ ...terms, currency: 'CLP', amount: '150.000' }).amount).toBe(150_000);
    expect(FeeTermsInputSchema.parse({ ...terms, currency: 'CLP', amount: 150000 }).amount).toBe(150_000);
  });

  it('keeps billing contacts of its own, or none (the company’s) when empty', () => {
    expect(FeeTermsInputSchema.parse({ ...terms, contacts: ['Pagos@Empresa.cl', 'pagos@empresa.cl'] }).contacts).toBe(
      'pagos@empresa.cl',
    );
    expect(FeeTermsInputSchema.parse({ ...terms, contacts: [] }).contacts).toBe('');
    expect(FeeTermsInputSchema.parse({ ...terms, contacts: null }).contacts).toBe('');
  });

  it('refuses three UF decimals, a zero amount, a billing day past 28 and an end before the start', () => {
    expect(messagesOf(FeeTermsInputSchema.safeParse({ ...terms, amount: '1,234' }))).toEqual([
      ['amount', decimalMsg.tooManyDecimals],
    ]);
    expect(messagesOf(FeeTermsInputSchema.safeParse({ ...terms, amount: '0' }))).toEqual([
      ['amount', billingMsg.amountPositive],
    ]);
    expect(messagesOf(FeeTermsInputSchema.safeParse({ ...terms, billingDay: 29 }))).toEqual([
      ['billingDay', billingMsg.invalidBillingDay],
    ]);
    expect(messagesOf(FeeTermsInputSchema.safeParse({ ...terms, toMonth: { year: 2026, month: 10 } }))).toEqual([
      ['toMonth', billingMsg.toMonthBeforeFrom],
    ]);
    expect(messagesOf(FeeTermsInputSchema.safeParse({ ...terms, effectiveFrom: { year: 0, month: 1 } }))).toEqual([
      ['effectiveFrom.year', billingMsg.invalidYear],
    ]);
  });

  it('refuses a negative amount and an ambiguous one in pesos', () => {
    expect(messagesOf(FeeTermsInputSchema.safeParse({ ...terms, currency: 'CLP', amount: '-5' }))?.[0]?.[0]).toBe(
      'amount',
    );
    expect(messagesOf(FeeTermsInputSchema.safeParse({ ...terms, currency: 'CLP', amount: '1,234' }))?.[0]?.[0]).toBe(
      'amount',
    );
  });
});

describe('an extra charge', () => {
  it('falls once in a month or every year in a month, and needs the month it names', () => {
    const base = { description: 'Operación Renta', currency: 'UF', amount: 3, documentType: 'factura_afecta' };
    expect(ExtraChargeInputSchema.parse({ ...base, recurrence: 'yearly', monthOfYear: 4 })).toEqual({
      ...base,
      amount: 300,
      recurrence: 'yearly',
      month: null,
      monthOfYear: 4,
      active: true,
    });
    expect(messagesOf(ExtraChargeInputSchema.safeParse({ ...base, recurrence: 'once' }))).toEqual([
      ['month', billingMsg.onceNeedsMonth],
    ]);
  });
});

describe('a UF value typed by hand', () => {
  it('is read as hundredths and must be more than zero', () => {
    expect(UfValueSetSchema.parse({ date: '2026-11-01', value: '39.643,59' })).toEqual({
      date: '2026-11-01',
      value: 3_964_359,
    });
    expect(messagesOf(UfValueSetSchema.safeParse({ date: '2026-11-01', value: '0' }))).toEqual([
      ['value', billingMsg.ufValueZero],
    ]);
    expect(messagesOf(UfValueSetSchema.safeParse({ date: '0000-11-01', value: '1' }))?.[0]?.[0]).toBe('date');
  });
});
