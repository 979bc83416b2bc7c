import { monthKey, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS } from '@app/shared/billing';
import type { PaymentView } from '@app/shared/schemas/billing-collections';
import type { PaymentRow, paymentsRepository } from './payments.repository.ts';

export type AllocationRow = Awaited<ReturnType<typeof paymentsRepository.allocationsOf>>[number];

/** Whether an allocation still counts: its payment confirmed and its charge still owed. */
export const allocationCounts = (
  payment: Pick<PaymentRow, 'status'>,
  allocation: Pick<AllocationRow, 'chargeStatus'>,
) => payment.status === 'confirmed' && (allocation.chargeStatus === 'draft' || allocation.chargeStatus === 'issued');

export function presentPayment(
  row: PaymentRow,
  allocations: AllocationRow[],
  businessName: string,
  names: Map<number, string>,
): PaymentView {
  const shown = allocations.map((allocation) => ({
    chargeId: allocation.chargeId,
    description: allocation.description,
    period: monthKey({ year: allocation.periodYear, month: allocation.periodMonth }),
    amount: allocation.amount,
    released: !allocationCounts(row, allocation),
  }));
  const applied = shown.reduce((sum, allocation) => sum + (allocation.released ? 0 : allocation.amount), 0);
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    id: row.id,
    businessId: row.businessId,
    businessName,
    date: row.date,
    amount: row.amount,
    method: row.method,
    methodText: PAYMENT_METHOD_LABELS[row.method],
    reference: row.reference,
    note: row.note,
    source: row.source,
    status: row.status,
    statusText: PAYMENT_STATUS_LABELS[row.status],
    applied,
    credit: row.status === 'confirmed' ? row.amount - applied : 0,
    allocations: shown,
    reason: row.reversalReason,
    reasonBy: nameOf(row.reversedBy),
    reasonAt: row.reversedAt?.toISOString() ?? null,
    hasReceipt: row.receiptFileKey !== null,
    cartolaLineId: row.cartolaLineId,
    createdBy: nameOf(row.createdBy),
    createdAt: row.createdAt.toISOString(),
  };
}
