import { and, asc, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ufValues } from './billing.tables.ts';

export type UfValueRow = typeof ufValues.$inferSelect;
export type NewUfValueRow = typeof ufValues.$inferInsert;

export const ufValuesRepository = {
  /** The values between two days (inclusive), by date. */
  between(db: DbOrTx, firstDay: string, lastDay: string): Promise<UfValueRow[]> {
    return db
      .select()
      .from(ufValues)
      .where(and(gte(ufValues.date, firstDay), lte(ufValues.date, lastDay)))
      .orderBy(asc(ufValues.date));
  },

  /** The values of these days, by date (a missing day is absent). */
  async onDates(db: DbOrTx, dates: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    if (dates.length === 0) return found;
    const rows = await db
      .select({ date: ufValues.date, value: ufValues.valueHundredths })
      .from(ufValues)
      .where(inArray(ufValues.date, [...new Set(dates)]));
    for (const row of rows) found.set(row.date, row.value);
    return found;
  },

  /** Writes each day's value (a new day, or a changed value), in one statement. */
  async upsert(db: DbOrTx, rows: NewUfValueRow[]): Promise<void> {
    if (rows.length === 0) return;
    await db
      .insert(ufValues)
      .values(rows)
      .onConflictDoUpdate({
        target: ufValues.date,
        set: {
          valueHundredths: sql`excluded.value_hundredths`,
          source: sql`excluded.source`,
          updatedBy: sql`excluded.updated_by`,
          updatedAt: sql`now()`,
        },
      });
  },
};
