import {
  agingBucket,
  CHARGE_STATUS_LABELS,
  daysOverdue,
  monthKey,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import type { Statement, TransferDetails } from '@app/shared/schemas/billing-collections';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { billingCharges } from './billing.tables.ts';
import { allocationCounts } from './payments.presenter.ts';
import { paymentsRepository } from './payments.repository.ts';

export interface StatementDeps {
  now: () => Date;
  /** The companies module: a company (404 when there is none). */
  getBusiness(id: number): Promise<{ id: number; name: string; razonSocial: string; rut: string }>;
  /** Where clients transfer (null until the firm typed it). */
  transfer(): Promise<TransferDetails | null>;
}

type Line = Statement['lines'][number];
const KIND_ORDER: Record<Line['kind'], number> = { charge: 0, payment: 1, void: 2, reversal: 3 };

/** Whose statement it is: the firm's (every charge) or the client's (only what was issued to them). */
export type StatementView = 'firm' | 'client';

/**
 * A charge the client sees: one issued to them, and one voided after it was issued (its void
 * then shows too). A draft ('Por emitir') or a charge waiting for its UF value is the firm's work
 * in progress, and so is a draft voided before it was ever issued.
 */
const issuedToClient = (charge: { status: string; issuedAt: Date | null }) =>
  charge.status === 'issued' || (charge.status === 'void' && charge.issuedAt !== null);

/**
 * A company's account statement ('Estado de cuenta'): every charge (its void, if voided, as a line
 * of its own), every payment (its reversal too), the running balance, the charges not void with
 * what is paid and open, the receipts waiting or rejected, the totals and where to transfer.
 * Charges waiting for their UF value are listed without amount and count for nothing yet.
 * The client's view leaves out the charges not issued to them and everything paid of those: its
 * balance, open, overdue and credit count only what it shows, so what a payment paid of a charge
 * still to issue is, for the client, credit until that charge is issued.
 */
export function createStatementService(db: Db, deps: StatementDeps) {
  return {
    async of(businessId: number, view: StatementView = 'firm'): Promise<Statement> {
      const today = santiagoDate(deps.now());
      const [business, everyCharge, payments, transfer] = await Promise.all([
        deps.getBusiness(businessId),
        db
          .select()
          .from(billingCharges)
          .where(eq(billingCharges.businessId, businessId))
          .orderBy(asc(billingCharges.issueDate), asc(billingCharges.id)),
        paymentsRepository.listOfCompany(db, businessId),
        deps.transfer(),
      ]);
      const charges = view === 'client' ? everyCharge.filter(issuedToClient) : everyCharge;
      const shownIds = new Set(charges.map((charge) => charge.id));
      const allocations = await paymentsRepository.allocationsOf(
        db,
        payments.map((payment) => payment.id),
      );
      const statusOf = new Map(payments.map((payment) => [payment.id, payment.status]));
      const paidOf = new Map<number, number>();
      const appliedOf = new Map<number, number>();
      for (const allocation of allocations) {
        const status = statusOf.get(allocation.paymentId);
        if (!status || !allocationCounts({ status }, allocation) || !shownIds.has(allocation.chargeId)) continue;
        paidOf.set(allocation.chargeId, (paidOf.get(allocation.chargeId) ?? 0) + allocation.amount);
        appliedOf.set(allocation.paymentId, (appliedOf.get(allocation.paymentId) ?? 0) + allocation.amount);
      }

      const lines: Omit<Line, 'balance'>[] = [];
      const line = (entry: Partial<Omit<Line, 'balance'>> & Pick<Line, 'date' | 'kind' | 'text'>) =>
        lines.push({ chargeId: null, paymentId: null, debit: 0, credit: 0, ...entry });
      for (const charge of charges) {
        if (charge.total === null) continue;
        const text = charge.folio ? `${charge.description} (folio ${charge.folio})` : charge.description;
        line({ date: charge.issueDate, kind: 'charge', text, chargeId: charge.id, debit: charge.total });
        if (charge.status === 'void') {
          line({
            date: santiagoDate(charge.voidedAt ?? charge.updatedAt),
            kind: 'void',
            text: collectionsMsg.statementVoidLine(text),
            chargeId: charge.id,
            credit: charge.total,
          });
        }
      }
      for (const payment of payments) {
        if (payment.status !== 'confirmed' && payment.status !== 'reversed') continue;
        const method = PAYMENT_METHOD_LABELS[payment.method];
        line({
          date: payment.date,
          kind: 'payment',
          text: collectionsMsg.statementPaymentLine(method, payment.reference),
          paymentId: payment.id,
          credit: payment.amount,
        });
        if (payment.status === 'reversed') {
          line({
            date: santiagoDate(payment.reversedAt ?? payment.createdAt),
            kind: 'reversal',
            text: collectionsMsg.statementReversalLine(payment.reversalReason ?? ''),
            paymentId: payment.id,
            debit: payment.amount,
          });
        }
      }
      lines.sort(
        (a, b) =>
          a.date.localeCompare(b.date) ||
          KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
          (a.chargeId ?? a.paymentId ?? 0) - (b.chargeId ?? b.paymentId ?? 0),
      );
      let balance = 0;
      const withBalance = lines.map((entry) => {
        balance += entry.debit - entry.credit;
        return { ...entry, balance };
      });

      const shownCharges = charges
        .filter((charge) => charge.status !== 'void')
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id)
        .map((charge) => {
          const paid = paidOf.get(charge.id) ?? 0;
          const open = charge.total === null ? 0 : Math.max(0, charge.total - paid);
          return {
            id: charge.id,
            description: charge.description,
            period: monthKey({ year: charge.periodYear, month: charge.periodMonth }),
            issueDate: charge.issueDate,
            dueDate: charge.dueDate,
            status: charge.status,
            statusText: CHARGE_STATUS_LABELS[charge.status],
            dteType: charge.dteType,
            folio: charge.folio,
            total: charge.total,
            paid,
            open,
            bucket: open > 0 ? agingBucket(charge.dueDate, today) : null,
            daysOverdue: open > 0 ? daysOverdue(charge.dueDate, today) : 0,
          };
        });
      const confirmed = payments.filter((payment) => payment.status === 'confirmed');
      const open = shownCharges.reduce((sum, charge) => sum + charge.open, 0);
      const credit = confirmed.reduce((sum, payment) => sum + payment.amount - (appliedOf.get(payment.id) ?? 0), 0);
      return {
        business: { id: business.id, name: business.name, razonSocial: business.razonSocial, rut: business.rut },
        asOf: today,
        transfer,
        lines: withBalance,
        charges: shownCharges,
        receipts: payments
          .filter((payment) => payment.status === 'to_confirm' || payment.status === 'rejected')
          .map((payment) => ({
            id: payment.id,
            date: payment.date,
            amount: payment.amount,
            status: payment.status,
            statusText: PAYMENT_STATUS_LABELS[payment.status],
            reason: payment.reversalReason,
            createdAt: payment.createdAt.toISOString(),
          })),
        totals: {
          charged: shownCharges.reduce((sum, charge) => sum + (charge.total ?? 0), 0),
          paid: confirmed.reduce((sum, payment) => sum + payment.amount, 0),
          open,
          overdue: shownCharges.reduce((sum, charge) => sum + (charge.daysOverdue > 0 ? charge.open : 0), 0),
          credit,
          balance: open - credit,
        },
      };
    },
  };
}

export type StatementService = ReturnType<typeof createStatementService>;
