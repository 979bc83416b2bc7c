import type { TaxYearDate } from '@app/shared/tax-year-calendar';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { calendarFeedTokens, taxYearDates } from './tax-calendar.tables.ts';

/** One count of the tax calendar: a service's cells of a period by how its companies file and the cell's saved state. */
export interface CellCount {
  serviceId: number;
  electronicFiling: boolean;
  /** The saved state; null: no row (the service's first state). */
  stateId: number | null;
  count: number;
}

/** The SQL the aggregate embeds, each built by the module that owns its table. */
export interface CountSources {
  activeCompanies: SQL;
  applyingLinks: SQL;
  savedCells: SQL;
}

const toDate = (row: typeof taxYearDates.$inferSelect): TaxYearDate => ({
  key: row.key,
  taxYear: row.taxYear,
  date: row.date,
  confirmed: row.confirmed,
  source: row.source,
  note: row.note,
});

export const taxCalendarRepository = {
  /** Every edit of the firm (all years: a few dozen rows a year). */
  async listEdits(db: DbOrTx): Promise<TaxYearDate[]> {
    return (await db.select().from(taxYearDates)).map(toDate);
  },

  async upsert(db: DbOrTx, entry: TaxYearDate, userId: number | null): Promise<void> {
    const values = {
      date: entry.date,
      confirmed: entry.confirmed,
      source: entry.source,
      note: entry.note,
      updatedBy: userId,
      updatedAt: new Date(),
    };
    await db
      .insert(taxYearDates)
      .values({ key: entry.key, taxYear: entry.taxYear, ...values })
      .onConflictDoUpdate({ target: [taxYearDates.key, taxYearDates.taxYear], set: values });
  },

  /** Removes the firm's date of a key and year; answers whether there was one. */
  async remove(db: DbOrTx, key: string, taxYear: number): Promise<boolean> {
    const rows = await db
      .delete(taxYearDates)
      .where(and(eq(taxYearDates.key, key), eq(taxYearDates.taxYear, taxYear)))
      .returning({ id: taxYearDates.id });
    return rows.length > 0;
  },

  /**
   * A period's cells of the given services, counted by service, by how the company files and by the
   * saved state: one aggregate over the active companies, their applying links and the saved cells.
   */
  async countCells(db: DbOrTx, sources: CountSources, serviceIds: readonly number[]): Promise<CellCount[]> {
    if (serviceIds.length === 0) return [];
    const result = await db.execute(sql`select l.service_id as "serviceId", b.electronic_filing as "electronicFiling",
    s.state_id as "stateId", count(*)::int as "count"
  from ${sources.activeCompanies} b
  join ${sources.applyingLinks} l on l.business_id = b.id
  left join ${sources.savedCells} s on s.business_id = b.id and s.service_id = l.service_id
  where l.service_id in (${sql.join(
    serviceIds.map((id) => sql`${id}`),
    sql`, `,
  )})
  group by l.service_id, b.electronic_filing, s.state_id`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as CellCount[];
    return rows.map((row) => ({
      serviceId: Number(row.serviceId),
      electronicFiling: Boolean(row.electronicFiling),
      stateId: row.stateId === null ? null : Number(row.stateId),
      count: Number(row.count),
    }));
  },

  // ------------------------------------------------------------ calendar feed
  async feedOf(db: DbOrTx, userId: number) {
    const [row] = await db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
    return row;
  },

  async feedByHash(db: DbOrTx, tokenHash: string) {
    const [row] = await db.select().from(calendarFeedTokens).where(eq(calendarFeedTokens.tokenHash, tokenHash));
    return row;
  },

  async replaceFeed(db: DbOrTx, userId: number, tokenHash: string, tokenEncrypted: string) {
    const [row] = await db
      .insert(calendarFeedTokens)
      .values({ userId, tokenHash, tokenEncrypted })
      .onConflictDoUpdate({
        target: calendarFeedTokens.userId,
        set: { tokenHash, tokenEncrypted, createdAt: new Date() },
      })
      .returning();
    if (!row) throw new Error('write returned no row');
    return row;
  },

  async removeFeed(db: DbOrTx, userId: number): Promise<void> {
    await db.delete(calendarFeedTokens).where(eq(calendarFeedTokens.userId, userId));
  },
};
