import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firmHolidays } from './holidays.tables.ts';

export type FirmHolidayRow = typeof firmHolidays.$inferSelect;

export const holidaysRepository = {
  /** Every extra holiday, by date. */
  list(db: DbOrTx): Promise<FirmHolidayRow[]> {
    return db.select().from(firmHolidays).orderBy(asc(firmHolidays.date));
  },

  async insert(db: DbOrTx, values: { date: string; name: string }): Promise<FirmHolidayRow> {
    const [row] = await db.insert(firmHolidays).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  /** Deletes the day, answering the row it was (undefined when there was none). */
  async delete(db: DbOrTx, id: number): Promise<FirmHolidayRow | undefined> {
    const [row] = await db.delete(firmHolidays).where(eq(firmHolidays.id, id)).returning();
    return row;
  },
};
