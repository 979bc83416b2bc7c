import { and, desc, eq, exists, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingCharges, billingExtraCharges, billingFeeTerms } from './billing.tables.ts';

export type FeeTermsRow = typeof billingFeeTerms.$inferSelect;
export type NewFeeTermsRow = typeof billingFeeTerms.$inferInsert;
export type ExtraChargeRow = typeof billingExtraCharges.$inferSelect;
export type NewExtraChargeRow = typeof billingExtraCharges.$inferInsert;

export const feeTermsRepository = {
  /** Every version of a company's terms, newest first (by effective month, then id). */
  history(db: DbOrTx, businessId: number): Promise<FeeTermsRow[]> {
    return db
      .select()
      .from(billingFeeTerms)
      .where(eq(billingFeeTerms.businessId, businessId))
      .orderBy(desc(billingFeeTerms.effectiveFrom), desc(billingFeeTerms.id));
  },

  async findById(db: DbOrTx, id: number): Promise<FeeTermsRow | undefined> {
    const [row] = await db.select().from(billingFeeTerms).where(eq(billingFeeTerms.id, id));
    return row;
  },

  /** Every version effective on or before `monthStart` ('YYYY-MM-01'), of every company (or of these). */
  versionsUpTo(db: DbOrTx, monthStart: string, businessIds?: number[]): Promise<FeeTermsRow[]> {
    const conditions = [lte(billingFeeTerms.effectiveFrom, monthStart)];
    if (businessIds) conditions.push(inArray(billingFeeTerms.businessId, businessIds));
    return db
      .select()
      .from(billingFeeTerms)
      .where(and(...conditions));
  },

  async insert(db: DbOrTx, values: NewFeeTermsRow): Promise<FeeTermsRow> {
    const [row] = await db.insert(billingFeeTerms).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },
};

export const extraChargesRepository = {
  /** A company's extra charges, oldest first, each with whether a charge was generated from it. */
  async listOf(db: DbOrTx, businessId: number): Promise<(ExtraChargeRow & { used: boolean })[]> {
    return db
      .select({
        ...extraColumns(),
        used: exists(
          db
            .select({ one: sql`1` })
            .from(billingCharges)
            .where(eq(billingCharges.extraChargeId, billingExtraCharges.id)),
        ).mapWith(Boolean),
      })
      .from(billingExtraCharges)
      .where(eq(billingExtraCharges.businessId, businessId))
      .orderBy(billingExtraCharges.id);
  },

  async findById(db: DbOrTx, id: number): Promise<ExtraChargeRow | undefined> {
    const [row] = await db.select().from(billingExtraCharges).where(eq(billingExtraCharges.id, id));
    return row;
  },

  /** The row locked until the caller's transaction ends (an edit or delete against a generation). */
  async lock(db: DbOrTx, id: number): Promise<ExtraChargeRow | undefined> {
    const [row] = await db.select().from(billingExtraCharges).where(eq(billingExtraCharges.id, id)).for('update');
    return row;
  },

  async isUsed(db: DbOrTx, id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: billingCharges.id })
      .from(billingCharges)
      .where(eq(billingCharges.extraChargeId, id))
      .limit(1);
    return row !== undefined;
  },

  /** The active extra charges that fall in a month: once in it, or yearly in its month (of every company, or of these). */
  fallingIn(db: DbOrTx, monthStart: string, monthOfYear: number, businessIds?: number[]): Promise<ExtraChargeRow[]> {
    const conditions = [
      eq(billingExtraCharges.active, true),
      sql`((${billingExtraCharges.recurrence} = 'once' and ${billingExtraCharges.onceMonth} = ${monthStart}) or (${billingExtraCharges.recurrence} = 'yearly' and ${billingExtraCharges.monthOfYear} = ${monthOfYear}))`,
    ];
    if (businessIds) conditions.push(inArray(billingExtraCharges.businessId, businessIds));
    return db
      .select()
      .from(billingExtraCharges)
      .where(and(...conditions));
  },

  async insert(db: DbOrTx, values: NewExtraChargeRow): Promise<ExtraChargeRow> {
    const [row] = await db.insert(billingExtraCharges).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewExtraChargeRow>): Promise<ExtraChargeRow | undefined> {
    const [row] = await db
      .update(billingExtraCharges)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(billingExtraCharges.id, id))
      .returning();
    return row;
  },

  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .delete(billingExtraCharges)
      .where(eq(billingExtraCharges.id, id))
      .returning({ id: billingExtraCharges.id });
    return rows.length > 0;
  },
};

function extraColumns() {
  const { id, businessId, description, currency, amount, documentType, recurrence, onceMonth } = billingExtraCharges;
  const { monthOfYear, active, createdBy, createdAt, updatedAt } = billingExtraCharges;
  return {
    id,
    businessId,
    description,
    currency,
    amount,
    documentType,
    recurrence,
    onceMonth,
    monthOfYear,
    active,
    createdBy,
    createdAt,
    updatedAt,
  };
}
