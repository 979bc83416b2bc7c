import { PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type PaymentMethod } from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import { billingMsg } from '@app/shared/messages-billing';
import { collectionsMsg } from '@app/shared/messages-billing-collections';
import type { PaymentView } from '@app/shared/schemas/billing-collections';
import { recordActivities, recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { BillingCompany } from './billing.presenter.ts';
import { type Allocation, totalOf } from './ledger.ts';
import { presentPayment } from './payments.presenter.ts';
import { type NewPaymentRow, type PaymentRow, paymentsRepository } from './payments.repository.ts';
import type { Settle } from './settlement.ts';

export interface PaymentsDeps {
  settle: Settle;
  now: () => Date;
  /** The companies module: these companies (names, RUT, contacts), in any order; a deleted one is missing. */
  listBusinessesByIds(ids: number[]): Promise<(BillingCompany & { id: number })[]>;
  /** The companies module: these companies' rows locked until the transaction ends. */
  lockBusinesses(tx: DbOrTx, ids: number[]): Promise<{ id: number }[]>;
  /** The users module: full names by id. */
  fullNamesOf(ids: readonly (number | null)[]): Promise<Map<number, string>>;
}

/** A payment to write: typed by the firm, from a statement line, or a client's receipt. */
export interface PaymentToRecord {
  businessId: number;
  date: string;
  amount: number;
  method: PaymentMethod;
  reference?: string;
  note?: string;
  /** Charges it pays first, in this order (each of the company and open). */
  chargeIds?: readonly number[];
}

/** What the activity log keeps of a payment. */
const paymentSummary = (row: PaymentRow, applied?: number) => ({
  amount: row.amount,
  date: row.date,
  method: PAYMENT_METHOD_LABELS[row.method],
  reference: row.reference || undefined,
  status: PAYMENT_STATUS_LABELS[row.status],
  ...(applied === undefined ? {} : { aplicado: applied, saldoAFavor: row.amount - applied }),
});

/**
 * Payments: recorded by the firm (or from a statement line), confirmed from a client's receipt,
 * reversed or rejected with a reason. Nothing is deleted: a reversal keeps the payment and its
 * allocations, which stop counting. Every write runs in one transaction with its activity entry
 * and leaves the company's funds applied to its open charges (settlement.ts).
 */
export function createPaymentsService(db: Db, deps: PaymentsDeps) {
  const today = () => santiagoDate(deps.now());

  async function present(rows: PaymentRow[]): Promise<PaymentView[]> {
    const [allocations, companies, names] = await Promise.all([
      paymentsRepository.allocationsOf(
        db,
        rows.map((row) => row.id),
      ),
      deps.listBusinessesByIds([...new Set(rows.map((row) => row.businessId))]),
      deps.fullNamesOf(rows.flatMap((row) => [row.createdBy, row.reversedBy])),
    ]);
    const companyName = new Map(companies.map((company) => [company.id, company.name]));
    return rows.map((row) =>
      presentPayment(
        row,
        allocations.filter((allocation) => allocation.paymentId === row.id),
        companyName.get(row.businessId) ?? '',
        names,
      ),
    );
  }

  async function presentOne(row: PaymentRow): Promise<PaymentView> {
    const [view] = await present([row]);
    if (!view) throw notFound(collectionsMsg.paymentNotFound);
    return view;
  }

  /** 400 unless every charge is the company's and has something open (`open`: the open charges' ids of the companies involved). */
  async function checkChoices(tx: DbOrTx, businessId: number, chargeIds: readonly number[], open?: Set<number>) {
    if (chargeIds.length === 0) return;
    const openIds =
      open ?? new Set((await paymentsRepository.openCharges(tx, [businessId])).map((charge) => charge.id));
    for (const chargeId of chargeIds) {
      if (openIds.has(chargeId)) continue;
      const owner = await paymentsRepository.businessOfCharge(tx, chargeId);
      throw badRequest(
        owner === businessId ? collectionsMsg.chargeNotOpen : collectionsMsg.chargeNotOfCompany,
        'chargeIds',
      );
    }
  }

  function checkDate(date: string) {
    if (date > today()) throw badRequest(collectionsMsg.paymentDateFuture, 'date');
  }

  /**
   * Writes confirmed payments of one or more companies in the caller's transaction, applies them
   * (and any credit) to open charges, and logs each one. Answers the rows and every allocation made.
   */
  async function recordInTx(
    tx: DbOrTx,
    payments: (PaymentToRecord & Pick<NewPaymentRow, 'source' | 'cartolaLineId'>)[],
    actor: ActivityActor,
  ): Promise<{ rows: PaymentRow[]; allocations: Allocation[] }> {
    const businessIds = [...new Set(payments.map((payment) => payment.businessId))];
    const locked = new Set((await deps.lockBusinesses(tx, businessIds)).map((row) => row.id));
    const anyChoices = payments.some((payment) => (payment.chargeIds?.length ?? 0) > 0);
    const open = anyChoices
      ? new Set((await paymentsRepository.openCharges(tx, businessIds)).map((charge) => charge.id))
      : new Set<number>();
    for (const payment of payments) {
      if (!locked.has(payment.businessId)) throw notFound(billingMsg.businessNotFound);
      checkDate(payment.date);
      await checkChoices(tx, payment.businessId, payment.chargeIds ?? [], open);
    }
    const rows = await paymentsRepository.insertMany(
      tx,
      payments.map((payment) => ({
        businessId: payment.businessId,
        date: payment.date,
        amount: payment.amount,
        method: payment.method,
        reference: payment.reference ?? '',
        note: payment.note ?? '',
        source: payment.source,
        status: 'confirmed' as const,
        cartolaLineId: payment.cartolaLineId ?? null,
        createdBy: actor.userId,
      })),
    );
    const firstChoices = new Map(rows.map((row, index) => [row.id, payments[index]?.chargeIds ?? []]));
    const allocations = await deps.settle(tx, businessIds, actor, {
      firstChoices,
      described: new Set(rows.map((row) => row.id)),
    });
    const appliedTo = new Map<number, number>();
    for (const allocation of allocations) {
      appliedTo.set(allocation.paymentId, (appliedTo.get(allocation.paymentId) ?? 0) + allocation.amount);
    }
    await recordActivities(
      tx,
      actor,
      rows.map((row) => ({
        kind: 'payment' as const,
        action: 'created' as const,
        recordId: row.id,
        recordLabel: collectionsMsg.paymentLabel(row.amount, PAYMENT_METHOD_LABELS[row.method]),
        businessId: row.businessId,
        details: { after: paymentSummary(row, appliedTo.get(row.id) ?? 0) },
      })),
    );
    return { rows, allocations };
  }

  /** Locks the payment's company, then the payment (the order every billing write takes). */
  async function lockPayment(tx: DbOrTx, id: number): Promise<PaymentRow> {
    const found = await paymentsRepository.findById(tx, id);
    if (!found) throw notFound(collectionsMsg.paymentNotFound);
    await deps.lockBusinesses(tx, [found.businessId]);
    const row = await paymentsRepository.lockById(tx, id);
    if (!row) throw notFound(collectionsMsg.paymentNotFound);
    return row;
  }

  const appliedOf = (allocations: Allocation[], paymentId: number) =>
    totalOf(allocations.filter((allocation) => allocation.paymentId === paymentId));

  return {
    recordInTx,
    present,

    async list(filter: { businessId?: number; status?: PaymentRow['status'] }): Promise<PaymentView[]> {
      return present(await paymentsRepository.list(db, filter));
    },

    async get(id: number): Promise<PaymentView> {
      const row = await paymentsRepository.findById(db, id);
      if (!row) throw notFound(collectionsMsg.paymentNotFound);
      return presentOne(row);
    },

    /** A payment typed by the firm: applied at once to the charges named, then to the oldest open ones. */
    async record(input: PaymentToRecord, actor: ActivityActor): Promise<{ message: string; payment: PaymentView }> {
      const { rows, allocations } = await db.transaction((tx) =>
        recordInTx(tx, [{ ...input, source: 'manual' }], actor),
      );
      const row = rows[0] as PaymentRow;
      const applied = appliedOf(allocations, row.id);
      return { message: collectionsMsg.paymentRecorded(applied, row.amount - applied), payment: await presentOne(row) };
    },

    /**
     * Reverses a confirmed payment with its reason (kept with who and when): its allocations stay
     * as rows and stop counting, so the charges it paid are open again (and paid from any credit
     * the company holds); a statement line it came from can be matched again.
     */
    async reverse(id: number, reason: string, actor: ActivityActor): Promise<PaymentView> {
      const row = await db.transaction(async (tx) => {
        const before = await lockPayment(tx, id);
        if (before.status !== 'confirmed') throw conflict(collectionsMsg.onlyConfirmedReversible);
        const after = await paymentsRepository.update(tx, id, {
          status: 'reversed',
          reversalReason: reason,
          reversedAt: deps.now(),
          reversedBy: actor.userId,
        });
        if (after.cartolaLineId !== null) await paymentsRepository.reopenCartolaLine(tx, after.cartolaLineId);
        await recordActivity(tx, actor, {
          kind: 'payment',
          action: 'reversed',
          recordId: id,
          recordLabel: collectionsMsg.paymentLabel(after.amount, PAYMENT_METHOD_LABELS[after.method]),
          businessId: after.businessId,
          details: {
            before: { status: PAYMENT_STATUS_LABELS.confirmed },
            after: { status: PAYMENT_STATUS_LABELS.reversed, reason },
          },
        });
        await deps.settle(tx, [after.businessId], actor);
        return after;
      });
      return presentOne(row);
    },

    /** A client's receipt confirmed: it becomes a payment and applies like one (the charges named first). */
    async confirm(
      id: number,
      chargeIds: readonly number[],
      actor: ActivityActor,
    ): Promise<{ message: string; payment: PaymentView }> {
      const { row, applied } = await db.transaction(async (tx) => {
        const before = await lockPayment(tx, id);
        if (before.status !== 'to_confirm') throw conflict(collectionsMsg.onlyToConfirm);
        await checkChoices(tx, before.businessId, chargeIds);
        const after = await paymentsRepository.update(tx, id, { status: 'confirmed' });
        const allocations = await deps.settle(tx, [after.businessId], actor, {
          firstChoices: new Map([[id, chargeIds]]),
          described: new Set([id]),
        });
        const applied = appliedOf(allocations, id);
        await recordActivity(tx, actor, {
          kind: 'payment',
          action: 'confirmed',
          recordId: id,
          recordLabel: collectionsMsg.paymentLabel(after.amount, PAYMENT_METHOD_LABELS[after.method]),
          businessId: after.businessId,
          details: { before: { status: PAYMENT_STATUS_LABELS.to_confirm }, after: paymentSummary(after, applied) },
        });
        return { row: after, applied };
      });
      return {
        message: collectionsMsg.receiptConfirmed(applied, row.amount - applied),
        payment: await presentOne(row),
      };
    },

    /** A client's receipt refused with its reason (kept with who and when); it never counts. */
    async reject(id: number, reason: string, actor: ActivityActor): Promise<PaymentView> {
      const row = await db.transaction(async (tx) => {
        const before = await lockPayment(tx, id);
        if (before.status !== 'to_confirm') throw conflict(collectionsMsg.onlyToConfirm);
        const after = await paymentsRepository.update(tx, id, {
          status: 'rejected',
          reversalReason: reason,
          reversedAt: deps.now(),
          reversedBy: actor.userId,
        });
        await recordActivity(tx, actor, {
          kind: 'payment',
          action: 'rejected',
          recordId: id,
          recordLabel: collectionsMsg.paymentLabel(after.amount, PAYMENT_METHOD_LABELS[after.method]),
          businessId: after.businessId,
          details: {
            before: { status: PAYMENT_STATUS_LABELS.to_confirm },
            after: { status: PAYMENT_STATUS_LABELS.rejected, reason },
          },
        });
        return after;
      });
      return presentOne(row);
    },

    /**
     * 'Aplicar saldo a favor': the company's credit to its open charges, oldest first (each
     * application logged as 'Aplicó Pago'). Answers the pesos applied and what is left, read in
     * the same transaction: the company's credit and what its open charges still owe.
     */
    async applyCredit(
      businessId: number,
      actor: ActivityActor,
    ): Promise<{ applied: number; credit: number; open: number }> {
      return db.transaction(async (tx) => {
        if ((await deps.lockBusinesses(tx, [businessId])).length === 0) throw notFound(billingMsg.businessNotFound);
        const applied = totalOf(await deps.settle(tx, [businessId], actor));
        const [funds, open] = await Promise.all([
          paymentsRepository.funds(tx, [businessId]),
          paymentsRepository.openCharges(tx, [businessId]),
        ]);
        return {
          applied,
          credit: funds.reduce((sum, fund) => sum + fund.available, 0),
          open: open.reduce((sum, charge) => sum + charge.open, 0),
        };
      });
    },

    /** Every company holding credit and an open charge at once, settled in one transaction (the credit job). */
    async settleEveryCompany(actor: ActivityActor): Promise<number> {
      const ids = await paymentsRepository.companiesToSettle(db);
      if (ids.length === 0) return 0;
      return db.transaction(async (tx) => totalOf(await deps.settle(tx, ids, actor)));
    },

    /**
     * What the charges module asks around its own writes of a charge: the charge's company locked
     * first (the order every billing write takes), what of a charge is paid (an amount may not go
     * under it), and, after a void or an edit, the company's funds applied again (the voided
     * charge's allocations stay as rows and count no more, so what they paid is credit again; an
     * edited charge owing more is paid from the credit).
     */
    ledger: {
      async lockCompanyOfCharge(tx: DbOrTx, chargeId: number): Promise<void> {
        const businessId = await paymentsRepository.businessOfCharge(tx, chargeId);
        if (businessId !== undefined) await deps.lockBusinesses(tx, [businessId]);
      },
      paidOf: (tx: DbOrTx, chargeId: number) => paymentsRepository.paidOf(tx, chargeId),
      async settleCompany(tx: DbOrTx, businessId: number, actor: ActivityActor): Promise<void> {
        await deps.settle(tx, [businessId], actor);
      },
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
