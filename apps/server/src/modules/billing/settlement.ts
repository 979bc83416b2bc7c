import { formatMoney } from '@app/shared/money';
import { recordActivities } from '../../db/activity-log.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { type Allocation, applyFunds, totalOf } from './ledger.ts';
import { paymentsRepository } from './payments.repository.ts';

export interface SettlementDeps {
  /** The companies module: these companies' rows locked until the transaction ends (the ones that exist). */
  lockBusinesses(tx: DbOrTx, ids: number[]): Promise<{ id: number }[]>;
}

/**
 * Applies companies' funds to their open charges (ledger.ts), in the caller's transaction. Every
 * billing write that changes what a company paid or owes takes the company's row lock first (this
 * function takes it, in id order), so two of them on one company run one after the other and
 * never apply the same pesos twice. `firstChoices` names, by payment, the charges it pays first.
 * Allocations paid from credit the company already held (not from payments in `described`, whose
 * own entries say what they paid) are written to the activity log as 'Aplicó Pago'.
 */
export function createSettlement(deps: SettlementDeps) {
  return async function settle(
    tx: DbOrTx,
    businessIds: readonly number[],
    actor: ActivityActor,
    options: { firstChoices?: ReadonlyMap<number, readonly number[]>; described?: ReadonlySet<number> } = {},
  ): Promise<Allocation[]> {
    const ids = [...new Set(businessIds)].sort((a, b) => a - b);
    if (ids.length === 0) return [];
    await deps.lockBusinesses(tx, ids);
    const [funds, charges] = await Promise.all([
      paymentsRepository.funds(tx, ids),
      paymentsRepository.openCharges(tx, ids),
    ]);
    const allocations = applyFunds(funds, charges, options.firstChoices);
    await paymentsRepository.addAllocations(tx, allocations);

    const fromCredit = allocations.filter((row) => !options.described?.has(row.paymentId));
    if (fromCredit.length > 0) {
      const companyOf = new Map(funds.map((fund) => [fund.paymentId, fund.businessId]));
      const byCompany = new Map<number, Allocation[]>();
      for (const row of fromCredit) {
        const businessId = companyOf.get(row.paymentId) as number;
        byCompany.set(businessId, [...(byCompany.get(businessId) ?? []), row]);
      }
      await recordActivities(
        tx,
        actor,
        [...byCompany].map(([businessId, rows]) => ({
          kind: 'payment' as const,
          action: 'applied' as const,
          recordLabel: `Saldo a favor ${formatMoney(totalOf(rows))}`,
          businessId,
          details: {
            after: {
              amount: totalOf(rows),
              cobros: rows.map((row) => `#${row.chargeId}: ${formatMoney(row.amount)} (pago #${row.paymentId})`),
            },
          },
        })),
      );
    }
    return allocations;
  };
}

export type Settle = ReturnType<typeof createSettlement>;
