import { describe, expect, it } from 'vitest';
import { applyFunds, type Funds, type OpenCharge } from './ledger.ts';

const charge = (id: number, open: number, dueDate: string, businessId = 1): OpenCharge => ({
  id,
  businessId,
  open,
  dueDate,
  issueDate: dueDate,
});
const funds = (paymentId: number, available: number, date = '2026-11-01', businessId = 1): Funds => ({
  paymentId,
  businessId,
  available,
  date,
});

describe('applying payments to charges', () => {
  it('pays the oldest due charge first and leaves a partial payment on the next one', () => {
    const charges = [
      charge(2, 100_000, '2026-10-15'),
      charge(1, 50_000, '2026-09-15'),
      charge(3, 80_000, '2026-11-15'),
    ];
    expect(applyFunds([funds(10, 120_000)], charges)).toEqual([
      { paymentId: 10, chargeId: 1, amount: 50_000 },
      { paymentId: 10, chargeId: 2, amount: 70_000 },
    ]);
  });

  it('keeps an overpayment as credit: allocations add up to the open amounts, no more', () => {
    const made = applyFunds([funds(10, 500_000)], [charge(1, 100_000, '2026-09-15'), charge(2, 50_000, '2026-10-15')]);
    expect(made).toEqual([
      { paymentId: 10, chargeId: 1, amount: 100_000 },
      { paymentId: 10, chargeId: 2, amount: 50_000 },
    ]);
    expect(500_000 - made.reduce((sum, row) => sum + row.amount, 0)).toBe(350_000);
  });

  it('pays the charges a payment names first, in its order, then the oldest with what is left', () => {
    const charges = [
      charge(1, 100_000, '2026-09-15'),
      charge(2, 60_000, '2026-10-15'),
      charge(3, 40_000, '2026-11-15'),
    ];
    expect(applyFunds([funds(10, 120_000)], charges, new Map([[10, [3, 2]]]))).toEqual([
      { paymentId: 10, chargeId: 3, amount: 40_000 },
      { paymentId: 10, chargeId: 2, amount: 60_000 },
      { paymentId: 10, chargeId: 1, amount: 20_000 },
    ]);
  });

  it("passes over a named charge of another company and uses the oldest payment's credit first", () => {
    const charges = [charge(1, 100_000, '2026-09-15', 1), charge(9, 70_000, '2026-08-15', 2)];
    const made = applyFunds(
      [funds(11, 30_000, '2026-10-02'), funds(10, 90_000, '2026-10-01')],
      charges,
      new Map([[11, [9]]]),
    );
    expect(made).toEqual([
      { paymentId: 10, chargeId: 1, amount: 90_000 },
      { paymentId: 11, chargeId: 1, amount: 10_000 },
    ]);
  });

  it('applies each company only to its own charges and changes neither argument', () => {
    const charges = [charge(1, 10_000, '2026-09-15', 1), charge(2, 10_000, '2026-09-15', 2)];
    const available = [funds(10, 25_000, '2026-10-01', 2)];
    expect(applyFunds(available, charges)).toEqual([{ paymentId: 10, chargeId: 2, amount: 10_000 }]);
    expect(available[0]?.available).toBe(25_000);
    expect(charges[1]?.open).toBe(10_000);
  });

  it('adds two passes of one payment to one charge into one allocation', () => {
    const made = applyFunds([funds(10, 100_000)], [charge(1, 100_000, '2026-09-15')], new Map([[10, [1, 1]]]));
    expect(made).toEqual([{ paymentId: 10, chargeId: 1, amount: 100_000 }]);
  });
});
