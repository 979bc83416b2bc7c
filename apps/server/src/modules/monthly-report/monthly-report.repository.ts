import type { Period } from '@app/shared/period';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { monthlyReportSends } from './monthly-report.tables.ts';

/** Tries of one company's e-mailed report before it is left failed. */
export const REPORT_MAX_ATTEMPTS = 3;

export const monthlyReportRepository = {
  /** Of these companies, those whose report of the period was claimed already (by anyone). */
  async claimedAmong(db: DbOrTx, period: Period, businessIds: readonly number[]): Promise<Set<number>> {
    if (businessIds.length === 0) return new Set();
    const rows = await db
      .select({ businessId: monthlyReportSends.businessId })
      .from(monthlyReportSends)
      .where(
        and(
          eq(monthlyReportSends.year, period.year),
          eq(monthlyReportSends.month, period.month),
          inArray(monthlyReportSends.businessId, [...businessIds]),
        ),
      );
    return new Set(rows.map((row) => row.businessId));
  },

  /**
   * Claims the period's report of these companies in one statement: the rows inserted are this
   * caller's to send; a company another run claimed first is not among them.
   */
  async claim(db: DbOrTx, period: Period, businessIds: readonly number[], claimedAt: Date): Promise<number[]> {
    if (businessIds.length === 0) return [];
    const rows = await db
      .insert(monthlyReportSends)
      .values(businessIds.map((businessId) => ({ businessId, ...period, claimedAt })))
      .onConflictDoNothing()
      .returning({ businessId: monthlyReportSends.businessId });
    return rows.map((row) => row.businessId);
  },

  /**
   * Claims again, one statement, the period's failed sends tried fewer than the maximum and not in
   * the last `waitMs`: each row is taken by one caller only (the update's row lock decides).
   */
  async claimFailed(db: DbOrTx, period: Period, now: Date, waitMs: number, limit: number): Promise<number[]> {
    const before = new Date(now.getTime() - waitMs).toISOString();
    const result = await db.execute(sql`update ${monthlyReportSends} s
  set attempts = s.attempts + 1, claimed_at = ${now.toISOString()}, outcome = null
  where (s.business_id, s.year, s.month) in (
    select business_id, year, month from ${monthlyReportSends}
    where year = ${period.year} and month = ${period.month} and outcome = 'failed'
      and attempts < ${REPORT_MAX_ATTEMPTS} and claimed_at < ${before}
    order by business_id limit ${limit} for update skip locked)
  returning s.business_id as "businessId"`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { businessId: unknown }[];
    return rows.map((row) => Number(row.businessId));
  },

  async setOutcome(db: DbOrTx, businessId: number, period: Period, outcome: string, emailLogId: number | null) {
    await db
      .update(monthlyReportSends)
      .set({ outcome, emailLogId })
      .where(
        and(
          eq(monthlyReportSends.businessId, businessId),
          eq(monthlyReportSends.year, period.year),
          eq(monthlyReportSends.month, period.month),
        ),
      );
  },

  /** The period's rows (tests and the demo read what went out). */
  listOf(db: DbOrTx, period: Period) {
    return db
      .select()
      .from(monthlyReportSends)
      .where(and(eq(monthlyReportSends.year, period.year), eq(monthlyReportSends.month, period.month)))
      .orderBy(monthlyReportSends.businessId);
  },
};
