/**
 * How payments pay charges, as pure arithmetic on whole pesos. A company's open charges are its
 * charges to issue or issued (not void, not waiting for UF) with something left to pay; its funds
 * are its confirmed payments' amounts not yet applied to a charge that still counts (an allocation
 * to a charge voided since, or of a payment reversed since, is released: the row stays, its amount
 * no longer counts). Funds pay charges oldest first: by due date, then issue date, then id; the
 * oldest payment first. A payment may name charges it pays first, in its order.
 */

export interface OpenCharge {
  id: number;
  businessId: number;
  /** What is left to pay, more than zero. */
  open: number;
  dueDate: string;
  issueDate: string;
}

export interface Funds {
  paymentId: number;
  businessId: number;
  /** What of the payment is not applied, more than zero. */
  available: number;
  date: string;
}

export interface Allocation {
  paymentId: number;
  chargeId: number;
  amount: number;
}

/** Oldest charge first: due date, issue date, id. */
export const oldestChargeFirst = (a: OpenCharge, b: OpenCharge) =>
  a.dueDate.localeCompare(b.dueDate) || a.issueDate.localeCompare(b.issueDate) || a.id - b.id;

/** Oldest payment first: its date, then id. */
export const oldestFundsFirst = (a: Funds, b: Funds) => a.date.localeCompare(b.date) || a.paymentId - b.paymentId;

/**
 * The allocations that apply `funds` to `charges`: first each payment of `firstChoices` to its
 * charges in the order named (a charge of another company, or with nothing open, is passed over),
 * then, company by company, the oldest funds to the oldest charges until one side runs out. What
 * is left of the funds is the company's credit. Neither argument is changed.
 */
export function applyFunds(
  funds: readonly Funds[],
  charges: readonly OpenCharge[],
  firstChoices: ReadonlyMap<number, readonly number[]> = new Map(),
): Allocation[] {
  const open = new Map(charges.map((charge) => [charge.id, { ...charge }]));
  const left = new Map(funds.map((fund) => [fund.paymentId, { ...fund }]));
  const made = new Map<string, Allocation>();

  const give = (fund: Funds, charge: OpenCharge) => {
    const amount = Math.min(fund.available, charge.open);
    if (amount <= 0) return;
    fund.available -= amount;
    charge.open -= amount;
    const key = `${fund.paymentId}:${charge.id}`;
    const existing = made.get(key);
    if (existing) existing.amount += amount;
    else made.set(key, { paymentId: fund.paymentId, chargeId: charge.id, amount });
  };

  for (const [paymentId, chargeIds] of firstChoices) {
    const fund = left.get(paymentId);
    if (!fund) continue;
    for (const chargeId of chargeIds) {
      const charge = open.get(chargeId);
      if (charge && charge.businessId === fund.businessId) give(fund, charge);
    }
  }

  const byCompany = new Map<number, { funds: Funds[]; charges: OpenCharge[] }>();
  const company = (id: number) => {
    const found = byCompany.get(id);
    if (found) return found;
    const entry = { funds: [] as Funds[], charges: [] as OpenCharge[] };
    byCompany.set(id, entry);
    return entry;
  };
  for (const fund of left.values()) if (fund.available > 0) company(fund.businessId).funds.push(fund);
  for (const charge of open.values()) if (charge.open > 0) company(charge.businessId).charges.push(charge);
  for (const entry of byCompany.values()) {
    entry.funds.sort(oldestFundsFirst);
    entry.charges.sort(oldestChargeFirst);
    let f = 0;
    let c = 0;
    while (f < entry.funds.length && c < entry.charges.length) {
      const fund = entry.funds[f] as Funds;
      const charge = entry.charges[c] as OpenCharge;
      give(fund, charge);
      if (fund.available === 0) f++;
      if (charge.open === 0) c++;
    }
  }
  return [...made.values()];
}

/** The sum of the amounts. */
export const totalOf = (rows: readonly { amount: number }[]) => rows.reduce((sum, row) => sum + row.amount, 0);
