import { and, eq, getTableColumns, inArray, isNotNull, lte, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingCharges, ufValues } from './billing.tables.ts';

export type ChargeRow = typeof billingCharges.$inferSelect;
export type NewChargeRow = typeof billingCharges.$inferInsert;

/** Rows a statement inserts at most: ~30 parameters a row stays far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;

export const chargesRepository = {
  /**
   * Inserts the charges whose generation key is free and answers those inserted: a key already
   * taken (an earlier run, or another instance's run committing first) inserts nothing.
   */
  async insertIfAbsent(db: DbOrTx, rows: NewChargeRow[]): Promise<ChargeRow[]> {
    const inserted: ChargeRow[] = [];
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      inserted.push(
        ...(await db
          .insert(billingCharges)
          .values(rows.slice(start, start + INSERT_CHUNK))
          .onConflictDoNothing({ target: billingCharges.generationKey })
          .returning()),
      );
    }
    return inserted;
  },

  /** Which of these generation keys are taken. */
  async takenKeys(db: DbOrTx, keys: readonly string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db
      .select({ key: billingCharges.generationKey })
      .from(billingCharges)
      .where(inArray(billingCharges.generationKey, [...keys]));
    return new Set(rows.map((row) => row.key));
  },

  /** A month's charges (optionally of one status), by id. */
  listOfMonth(db: DbOrTx, year: number, month: number, status?: ChargeRow['status']): Promise<ChargeRow[]> {
    const conditions = [eq(billingCharges.periodYear, year), eq(billingCharges.periodMonth, month)];
    if (status) conditions.push(eq(billingCharges.status, status));
    return db
      .select()
      .from(billingCharges)
      .where(and(...conditions))
      .orderBy(billingCharges.id);
  },

  async findById(db: DbOrTx, id: number): Promise<ChargeRow | undefined> {
    const [row] = await db.select().from(billingCharges).where(eq(billingCharges.id, id));
    return row;
  },

  /** The charges among these ids, locked until the caller's transaction ends. */
  lockByIds(db: DbOrTx, ids: readonly number[]): Promise<ChargeRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(billingCharges)
      .where(inArray(billingCharges.id, [...ids]))
      .orderBy(billingCharges.id)
      .for('update');
  },

  async update(db: DbOrTx, id: number, values: Partial<NewChargeRow>): Promise<ChargeRow | undefined> {
    const [row] = await db
      .update(billingCharges)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(billingCharges.id, id))
      .returning();
    return row;
  },

  /**
   * Charges waiting for a UF value whose value now exists (of one month, or of every month),
   * locked, with that value: what a new UF value lets convert.
   */
  waitingWithValue(
    db: DbOrTx,
    period?: { year: number; month: number },
  ): Promise<(ChargeRow & { foundValue: number })[]> {
    const conditions = [eq(billingCharges.status, 'waiting_uf'), isNotNull(billingCharges.ufDate)];
    if (period) {
      conditions.push(eq(billingCharges.periodYear, period.year), eq(billingCharges.periodMonth, period.month));
    }
    return db
      .select({ ...getTableColumns(billingCharges), foundValue: ufValues.valueHundredths })
      .from(billingCharges)
      .innerJoin(ufValues, eq(ufValues.date, billingCharges.ufDate))
      .where(and(...conditions))
      .orderBy(billingCharges.id)
      .for('update', { of: billingCharges, skipLocked: true });
  },

  /** The UF dates charges are still waiting for, of one month. */
  async missingUfDates(db: DbOrTx, year: number, month: number): Promise<string[]> {
    const rows = await db
      .selectDistinct({ date: billingCharges.ufDate })
      .from(billingCharges)
      .where(
        and(
          eq(billingCharges.status, 'waiting_uf'),
          eq(billingCharges.periodYear, year),
          eq(billingCharges.periodMonth, month),
        ),
      )
      .orderBy(billingCharges.ufDate);
    return rows.map((row) => row.date).filter((date): date is string => date !== null);
  },

  /** Every day charges wait for a UF value, up to `lastDay`. */
  async waitingUfDates(db: DbOrTx, lastDay: string): Promise<string[]> {
    const rows = await db
      .selectDistinct({ date: billingCharges.ufDate })
      .from(billingCharges)
      .where(and(eq(billingCharges.status, 'waiting_uf'), lte(billingCharges.ufDate, lastDay)))
      .orderBy(billingCharges.ufDate);
    return rows.map((row) => row.date).filter((date): date is string => date !== null);
  },

  /** Of these folios of a DTE type, those another charge (not among `exceptIds`) holds. */
  async folioTaken(
    db: DbOrTx,
    dteType: NonNullable<ChargeRow['dteType']>,
    folios: readonly number[],
    exceptIds: readonly number[],
  ) {
    if (folios.length === 0) return new Set<number>();
    const conditions = [eq(billingCharges.dteType, dteType), inArray(billingCharges.folio, [...folios])];
    if (exceptIds.length > 0) conditions.push(notInArray(billingCharges.id, [...exceptIds]));
    const rows = await db
      .select({ folio: billingCharges.folio })
      .from(billingCharges)
      .where(and(...conditions));
    return new Set(rows.map((row) => row.folio).filter((folio): folio is number => folio !== null));
  },

  /** A company's charges that are not void, by issue date (the account statement builds on these). */
  notVoidOf(db: DbOrTx, businessId: number): Promise<ChargeRow[]> {
    return db
      .select()
      .from(billingCharges)
      .where(and(eq(billingCharges.businessId, businessId), ne(billingCharges.status, 'void')))
      .orderBy(billingCharges.issueDate, billingCharges.id);
  },
};
