import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingCartolaLines, billingCharges, billingPaymentAllocations, billingPayments } from './billing.tables.ts';
import type { Allocation, Funds, OpenCharge } from './ledger.ts';
import { selectRows } from './sql-rows.ts';

export type PaymentRow = typeof billingPayments.$inferSelect;
export type NewPaymentRow = typeof billingPayments.$inferInsert;

/**
 * What of each charge's total is paid: allocations of confirmed payments (a reversed payment's
 * allocations are released). Joined by `charge_id`.
 */
export const paidByCharge = sql`(
  select a.charge_id, sum(a.amount)::bigint as paid
  from ${billingPaymentAllocations} a
  join ${billingPayments} p on p.id = a.payment_id and p.status = 'confirmed'
  group by a.charge_id
)`;

/**
 * What of each payment is applied: allocations to charges still owed (an allocation to a charge
 * voided since is released to credit). Joined by `payment_id`.
 */
export const appliedByPayment = sql`(
  select a.payment_id, sum(a.amount)::bigint as applied
  from ${billingPaymentAllocations} a
  join ${billingCharges} c on c.id = a.charge_id and c.status in ('draft', 'issued')
  group by a.payment_id
)`;

const asNumber = (value: unknown) => Number(value ?? 0);

export const paymentsRepository = {
  /** The open charges of these companies, with what is left to pay of each. */
  async openCharges(db: DbOrTx, businessIds: readonly number[]): Promise<OpenCharge[]> {
    if (businessIds.length === 0) return [];
    const rows = await selectRows<{
      id: number;
      business_id: number;
      open: string;
      due_date: string;
      issue_date: string;
    }>(
      db,
      sql`
      select c.id, c.business_id, c.total - coalesce(paid.paid, 0) as open, c.due_date::text as due_date,
        c.issue_date::text as issue_date
      from ${billingCharges} c
      left join ${paidByCharge} paid on paid.charge_id = c.id
      where c.business_id in (${sql.join(
        businessIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and c.status in ('draft', 'issued') and c.total is not null and c.total > coalesce(paid.paid, 0)
    `,
    );
    return rows.map((row) => ({
      id: row.id,
      businessId: row.business_id,
      open: asNumber(row.open),
      dueDate: String(row.due_date),
      issueDate: String(row.issue_date),
    }));
  },

  /** The confirmed payments of these companies with something not applied (their credit). */
  async funds(db: DbOrTx, businessIds: readonly number[]): Promise<Funds[]> {
    if (businessIds.length === 0) return [];
    const rows = await selectRows<{ id: number; business_id: number; available: string; date: string }>(
      db,
      sql`
      select p.id, p.business_id, p.amount - coalesce(applied.applied, 0) as available, p.date::text as date
      from ${billingPayments} p
      left join ${appliedByPayment} applied on applied.payment_id = p.id
      where p.business_id in (${sql.join(
        businessIds.map((id) => sql`${id}`),
        sql`, `,
      )})
        and p.status = 'confirmed' and p.amount > coalesce(applied.applied, 0)
    `,
    );
    return rows.map((row) => ({
      paymentId: row.id,
      businessId: row.business_id,
      available: asNumber(row.available),
      date: String(row.date),
    }));
  },

  /** Companies holding credit and an open charge at once: what the credit job settles. */
  async companiesToSettle(db: DbOrTx): Promise<number[]> {
    const rows = await selectRows<{ business_id: number }>(
      db,
      sql`
      select distinct p.business_id
      from ${billingPayments} p
      left join ${appliedByPayment} applied on applied.payment_id = p.id
      where p.status = 'confirmed' and p.amount > coalesce(applied.applied, 0)
        and exists (
          select 1 from ${billingCharges} c
          left join ${paidByCharge} paid on paid.charge_id = c.id
          where c.business_id = p.business_id and c.status in ('draft', 'issued') and c.total is not null
            and c.total > coalesce(paid.paid, 0)
        )
      order by p.business_id
    `,
    );
    return rows.map((row) => row.business_id);
  },

  /** Adds the allocations, one statement: a payment paying more of a charge it already paid adds to its row. */
  async addAllocations(db: DbOrTx, allocations: readonly Allocation[]): Promise<void> {
    if (allocations.length === 0) return;
    const column = (values: number[], type: string) => sql`cast(${sql.param(values)} as ${sql.raw(type)}[])`;
    await db.execute(sql`
      insert into ${billingPaymentAllocations} (payment_id, charge_id, amount)
      select * from unnest(
        ${column(
          allocations.map((row) => row.paymentId),
          'integer',
        )},
        ${column(
          allocations.map((row) => row.chargeId),
          'integer',
        )},
        ${column(
          allocations.map((row) => row.amount),
          'bigint',
        )}
      )
      on conflict (payment_id, charge_id)
      do update set amount = ${billingPaymentAllocations}.amount + excluded.amount
    `);
  },

  /** What of a charge is paid now (allocations of confirmed payments). */
  async paidOf(db: DbOrTx, chargeId: number): Promise<number> {
    const rows = await selectRows<{ paid: string | null }>(
      db,
      sql`
      select sum(a.amount) as paid from ${billingPaymentAllocations} a
      join ${billingPayments} p on p.id = a.payment_id and p.status = 'confirmed'
      where a.charge_id = ${chargeId}
    `,
    );
    return asNumber(rows[0]?.paid);
  },

  async insert(db: DbOrTx, values: NewPaymentRow): Promise<PaymentRow> {
    const [row] = await db.insert(billingPayments).values(values).returning();
    if (!row) throw new Error('payment not inserted');
    return row;
  },

  async insertMany(db: DbOrTx, values: NewPaymentRow[]): Promise<PaymentRow[]> {
    if (values.length === 0) return [];
    return db.insert(billingPayments).values(values).returning();
  },

  async findById(db: DbOrTx, id: number): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(billingPayments).where(eq(billingPayments.id, id));
    return row;
  },

  async lockById(db: DbOrTx, id: number): Promise<PaymentRow | undefined> {
    const [row] = await db.select().from(billingPayments).where(eq(billingPayments.id, id)).for('update');
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewPaymentRow>): Promise<PaymentRow> {
    const [row] = await db.update(billingPayments).set(values).where(eq(billingPayments.id, id)).returning();
    if (!row) throw new Error('payment vanished');
    return row;
  },

  /** Payments newest first (optionally of one company, of one status), at most `limit`. */
  list(db: DbOrTx, filter: { businessId?: number; status?: PaymentRow['status'] }, limit = 500) {
    const conditions: SQL[] = [];
    if (filter.businessId) conditions.push(eq(billingPayments.businessId, filter.businessId));
    if (filter.status) conditions.push(eq(billingPayments.status, filter.status));
    return db
      .select()
      .from(billingPayments)
      .where(conditions.length > 0 ? and(...conditions) : undefined)
      .orderBy(desc(billingPayments.date), desc(billingPayments.id))
      .limit(limit);
  },

  /** Every payment of a company, oldest first (the account statement). */
  listOfCompany(db: DbOrTx, businessId: number): Promise<PaymentRow[]> {
    return db
      .select()
      .from(billingPayments)
      .where(eq(billingPayments.businessId, businessId))
      .orderBy(billingPayments.date, billingPayments.id);
  },

  /** The allocations of these payments with their charges (description, month, whether still owed). */
  async allocationsOf(db: DbOrTx, paymentIds: readonly number[]) {
    if (paymentIds.length === 0) return [];
    return db
      .select({
        paymentId: billingPaymentAllocations.paymentId,
        chargeId: billingPaymentAllocations.chargeId,
        amount: billingPaymentAllocations.amount,
        description: billingCharges.description,
        periodYear: billingCharges.periodYear,
        periodMonth: billingCharges.periodMonth,
        chargeStatus: billingCharges.status,
      })
      .from(billingPaymentAllocations)
      .innerJoin(billingCharges, eq(billingCharges.id, billingPaymentAllocations.chargeId))
      .where(inArray(billingPaymentAllocations.paymentId, [...paymentIds]))
      .orderBy(billingCharges.dueDate, billingCharges.id);
  },

  /** Which company a charge is of (undefined when there is no such charge). */
  async businessOfCharge(db: DbOrTx, chargeId: number): Promise<number | undefined> {
    const [row] = await db
      .select({ businessId: billingCharges.businessId })
      .from(billingCharges)
      .where(eq(billingCharges.id, chargeId));
    return row?.businessId;
  },

  /** A statement line back to 'unmatched' (its payment was reversed). */
  async reopenCartolaLine(db: DbOrTx, lineId: number): Promise<void> {
    await db.update(billingCartolaLines).set({ status: 'unmatched' }).where(eq(billingCartolaLines.id, lineId));
  },

  /** Every receipt key a payment names: what the stored files' sweep must keep. */
  async receiptKeysAmong(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db
      .select({ key: billingPayments.receiptFileKey })
      .from(billingPayments)
      .where(inArray(billingPayments.receiptFileKey, [...keys]));
    return new Set(rows.map((row) => row.key).filter((key): key is string => key !== null));
  },
};
