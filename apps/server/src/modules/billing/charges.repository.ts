import { and, eq, getTableColumns, inArray, isNotNull, lte, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingCharges, ufValues } from './billing.tables.ts';

export type ChargeRow = typeof billingCharges.$inferSelect;
export type NewChargeRow = typeof billingCharges.$inferInsert;

/** The columns a generation writes (the others keep their defaults). */
const INSERTED_COLUMNS = [
  'businessId',
  'periodYear',
  'periodMonth',
  'source',
  'extraChargeId',
  'feeTermsId',
  'generationKey',
  'description',
  'currency',
  'documentType',
  'ufAmount',
  'ufValueHundredths',
  'ufDate',
  'net',
  'taxKind',
  'taxRate',
  'taxAmount',
  'total',
  'contacts',
  'issueDate',
  'dueDate',
  'status',
  'createdBy',
] as const satisfies readonly (keyof NewChargeRow)[];

/** What a generation answers of each charge it inserted. */
export type InsertedCharge = Pick<
  ChargeRow,
  'id' | 'businessId' | 'description' | 'net' | 'taxAmount' | 'total' | 'status' | 'ufDate' | 'ufValueHundredths'
>;

export const chargesRepository = {
  /**
   * Inserts the charges whose generation key is free and answers those inserted: a key already
   * taken (an earlier run, or another instance's run committing first) inserts nothing. One
   * statement whose every column is one array parameter, so a month of 2,000 charges costs a few
   * dozen parameters rather than 50,000.
   */
  async insertIfAbsent(db: DbOrTx, rows: NewChargeRow[]): Promise<InsertedCharge[]> {
    if (rows.length === 0) return [];
    const columns = INSERTED_COLUMNS.map((key) => billingCharges[key]);
    const arrays = INSERTED_COLUMNS.map(
      (key) =>
        sql`cast(${sql.param(rows.map((row) => row[key] ?? null))} as ${sql.raw(billingCharges[key].getSQLType())}[])`,
    );
    const result = (await db.execute(sql`
      insert into ${billingCharges} (${sql.join(
        columns.map((column) => sql.identifier(column.name)),
        sql`, `,
      )})
      select * from unnest(${sql.join(arrays, sql`, `)})
      on conflict (generation_key) do nothing
      returning id, business_id, description, net, tax_amount, total, status, uf_date, uf_value_hundredths`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return result.rows.map((row) => ({
      id: Number(row.id),
      businessId: Number(row.business_id),
      description: String(row.description),
      net: number(row.net),
      taxAmount: number(row.tax_amount),
      total: number(row.total),
      status: row.status as ChargeRow['status'],
      ufDate: row.uf_date === null ? null : String(row.uf_date).slice(0, 10),
      ufValueHundredths: number(row.uf_value_hundredths),
    }));
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

  /** A month's issued charges' net amounts summed per company (drafts, charges waiting for the UF and voided ones do not count). */
  async issuedNetByBusiness(db: DbOrTx, year: number, month: number): Promise<Map<number, number>> {
    const rows = await db
      .select({ businessId: billingCharges.businessId, net: sql<string>`coalesce(sum(${billingCharges.net}), 0)` })
      .from(billingCharges)
      .where(
        and(
          eq(billingCharges.periodYear, year),
          eq(billingCharges.periodMonth, month),
          eq(billingCharges.status, 'issued'),
        ),
      )
      .groupBy(billingCharges.businessId);
    return new Map(rows.map((row) => [row.businessId, Number(row.net)]));
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
   * The companies having charges that wait for a UF value which now exists (of one month, or of
   * every month), read without locking: the companies a conversion locks first.
   */
  async companiesWaitingWithValue(db: DbOrTx, period?: { year: number; month: number }): Promise<number[]> {
    const rows = await db
      .selectDistinct({ businessId: billingCharges.businessId })
      .from(billingCharges)
      .innerJoin(ufValues, eq(ufValues.date, billingCharges.ufDate))
      .where(and(...waitingConditions(period)))
      .orderBy(billingCharges.businessId);
    return rows.map((row) => row.businessId);
  },

  /**
   * Charges waiting for a UF value whose value now exists (of one month, or of every month; of
   * these companies when named), locked, with that value: what a new UF value lets convert.
   */
  waitingWithValue(
    db: DbOrTx,
    period?: { year: number; month: number },
    businessIds?: readonly number[],
  ): Promise<(ChargeRow & { foundValue: number })[]> {
    const conditions = waitingConditions(period);
    if (businessIds) conditions.push(inArray(billingCharges.businessId, [...businessIds]));
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

/** A charge waiting for its UF value, whose day has a value stored (joined with `ufValues`), of a month when named. */
function waitingConditions(period?: { year: number; month: number }) {
  const conditions = [eq(billingCharges.status, 'waiting_uf'), isNotNull(billingCharges.ufDate)];
  if (period) {
    conditions.push(eq(billingCharges.periodYear, period.year), eq(billingCharges.periodMonth, period.month));
  }
  return conditions;
}
