import { describe, expect, it } from 'vitest';
import { billingMsg } from '../messages-billing.ts';
import { collectionsMsg } from '../messages-billing-collections.ts';
import { moneyMsg } from '../money.ts';
import {
  BillingSettingsSaveSchema,
  CartolaConfirmLineSchema,
  CollectionsQuerySchema,
  PaymentCreateSchema,
  ReceiptFieldsSchema,
} from './billing-collections.ts';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('collections schemas', () => {
  it('reads a payment amount as Chilean pesos and refuses ambiguous or repeated charges', () => {
    const base = { businessId: 1, date: '2026-11-10', method: 'cheque' };
    expect(PaymentCreateSchema.parse({ ...base, amount: '1.234.567' })).toMatchObject({
      amount: 1_234_567,
      chargeIds: [],
    });
    expect(firstMessage(PaymentCreateSchema.safeParse({ ...base, amount: '1,234' }))).toBe(moneyMsg.ambiguous);
    expect(firstMessage(PaymentCreateSchema.safeParse({ ...base, amount: '0' }))).toBe(
      billingMsg.paymentAmountPositive,
    );
    expect(firstMessage(PaymentCreateSchema.safeParse({ ...base, amount: '5', chargeIds: [3, 3] }))).toBe(
      collectionsMsg.chargeRepeated,
    );
  });

  it('stores the firm RUT normalised, only with its check digit holding, and the reminder steps in order', () => {
    const settings = BillingSettingsSaveSchema.parse({
      rut: '765432103',
      reminderOffsets: [15, -3, 0],
      remindersEnabled: true,
    });
    expect([settings.rut, settings.reminderOffsets]).toEqual(['76.543.210-3', [-3, 0, 15]]);
    for (const rut of ['76.543.210-4', '76.543.210', '76.543.210-']) {
      expect(
        firstMessage(BillingSettingsSaveSchema.safeParse({ rut, reminderOffsets: [], remindersEnabled: false })),
      ).toBe(collectionsMsg.invalidRut);
    }
    expect(BillingSettingsSaveSchema.parse({ rut: '', reminderOffsets: [], remindersEnabled: false }).rut).toBe('');
  });

  it('takes a receipt date that exists and refuses a year PostgreSQL would not store', () => {
    expect(ReceiptFieldsSchema.parse({ amount: '50.000', date: '2026-11-14' })).toMatchObject({
      amount: 50_000,
      method: 'transferencia',
    });
    expect(ReceiptFieldsSchema.safeParse({ amount: '50.000', date: '0000-01-01' }).success).toBe(false);
  });

  it('asks a company of a line to match and a reason of a line to ignore', () => {
    const line = { date: '2026-11-01', description: 'X', amount: 10, occurrence: 1, key: 'k' };
    expect(firstMessage(CartolaConfirmLineSchema.safeParse({ ...line, action: 'match' }))).toBe(
      billingMsg.businessNotFound,
    );
    expect(firstMessage(CartolaConfirmLineSchema.safeParse({ ...line, action: 'ignore' }))).toBe(
      collectionsMsg.ignoreReasonRequired,
    );
    expect(CartolaConfirmLineSchema.parse({ ...line, action: 'keep' })).toMatchObject({ rut: null, chargeIds: [] });
  });

  it("reads the list's filters from the address", () => {
    expect(CollectionsQuerySchema.parse({ responsible: 'none', overdue: 'true', group: '4' })).toMatchObject({
      responsible: 'none',
      overdue: true,
      group: 4,
      sort: 'name',
      order: 'asc',
    });
    expect(CollectionsQuerySchema.parse({}).overdue).toBe(false);
    expect(firstMessage(CollectionsQuerySchema.safeParse({ sort: 'monto' }))).toBe(collectionsMsg.invalidSort);
  });
});
