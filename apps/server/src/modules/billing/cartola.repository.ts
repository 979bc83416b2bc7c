import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingCartolaLines, billingCharges, billingPayments } from './billing.tables.ts';
import type { MatchCharge } from './cartola-match.ts';
import { paidByCharge } from './payments.repository.ts';
import { selectRows } from './sql-rows.ts';

export type CartolaLineRow = typeof billingCartolaLines.$inferSelect;
export type NewCartolaLineRow = typeof billingCartolaLines.$inferInsert;

const INSERT_CHUNK = 1000;

export const cartolaRepository = {
  /** Of these keys, those already imported. */
  async existingKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db
      .select({ key: billingCartolaLines.dedupeKey })
      .from(billingCartolaLines)
      .where(inArray(billingCartolaLines.dedupeKey, [...keys]));
    return new Set(rows.map((row) => row.key));
  },

  /** Every open charge of the firm with its folio: what statement lines are matched against. */
  async openCharges(db: DbOrTx): Promise<MatchCharge[]> {
    const rows = await selectRows<{
      id: number;
      business_id: number;
      open: string | number;
      folio: string | number | null;
    }>(
      db,
      sql`
      select c.id, c.business_id, c.total - coalesce(paid.paid, 0) as open, c.folio
      from ${billingCharges} c
      left join ${paidByCharge} paid on paid.charge_id = c.id
      where c.status in ('draft', 'issued') and c.total is not null and c.total > coalesce(paid.paid, 0)
    `,
    );
    return rows.map((row) => ({
      id: row.id,
      businessId: row.business_id,
      open: Number(row.open),
      folio: row.folio === null ? null : Number(row.folio),
    }));
  },

  /** Inserts the lines whose key is free; answers those inserted (a key another import took inserts nothing). */
  async insertIfAbsent(db: DbOrTx, rows: NewCartolaLineRow[]): Promise<CartolaLineRow[]> {
    const inserted: CartolaLineRow[] = [];
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      inserted.push(
        ...(await db
          .insert(billingCartolaLines)
          .values(rows.slice(start, start + INSERT_CHUNK))
          .onConflictDoNothing({ target: billingCartolaLines.dedupeKey })
          .returning()),
      );
    }
    return inserted;
  },

  /** Lines of a status (or one line), oldest first, at most 2,000, with the payment each became (not reversed). */
  list(db: DbOrTx, filter: { status: CartolaLineRow['status'] } | { id: number }) {
    return db
      .select({
        line: billingCartolaLines,
        paymentId: billingPayments.id,
        businessId: billingPayments.businessId,
      })
      .from(billingCartolaLines)
      .leftJoin(
        billingPayments,
        and(eq(billingPayments.cartolaLineId, billingCartolaLines.id), ne(billingPayments.status, 'reversed')),
      )
      .where('id' in filter ? eq(billingCartolaLines.id, filter.id) : eq(billingCartolaLines.status, filter.status))
      .orderBy(asc(billingCartolaLines.date), asc(billingCartolaLines.id))
      .limit(2000);
  },

  async lock(db: DbOrTx, id: number): Promise<CartolaLineRow | undefined> {
    const [row] = await db.select().from(billingCartolaLines).where(eq(billingCartolaLines.id, id)).for('update');
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewCartolaLineRow>): Promise<CartolaLineRow> {
    const [row] = await db.update(billingCartolaLines).set(values).where(eq(billingCartolaLines.id, id)).returning();
    if (!row) throw new Error('statement line vanished');
    return row;
  },
};
