import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { staffHourlyCosts, timeEntries, timeSettings } from './time.tables.ts';

export type TimeEntryRow = typeof timeEntries.$inferSelect;
export type NewTimeEntryRow = typeof timeEntries.$inferInsert;

const first = <Row>(rows: Row[]): Row => {
  const [row] = rows;
  if (!row) throw new Error('statement returned no row');
  return row;
};

export const timeRepository = {
  /** The user's running timer (the row with no end), if any. */
  async running(db: DbOrTx, userId: number): Promise<TimeEntryRow | undefined> {
    const [row] = await db
      .select()
      .from(timeEntries)
      .where(and(eq(timeEntries.userId, userId), isNull(timeEntries.endedAt)));
    return row;
  },

  /**
   * Ends the user's running timer at `endedAt`: its minutes are the time elapsed rounded to the
   * nearest minute, at least 1. Answers the finished row (undefined when none was running).
   */
  async stopRunning(db: DbOrTx, userId: number, endedAt: Date): Promise<TimeEntryRow | undefined> {
    const [row] = await db
      .update(timeEntries)
      .set({
        endedAt,
        minutes: sql`greatest(1, round(extract(epoch from (${endedAt.toISOString()}::timestamptz - ${timeEntries.startedAt})) / 60))::int`,
      })
      .where(and(eq(timeEntries.userId, userId), isNull(timeEntries.endedAt)))
      .returning();
    return row;
  },

  async insert(db: DbOrTx, values: NewTimeEntryRow): Promise<TimeEntryRow> {
    return first(await db.insert(timeEntries).values(values).returning());
  },

  async findById(db: DbOrTx, id: number): Promise<TimeEntryRow | undefined> {
    const [row] = await db.select().from(timeEntries).where(eq(timeEntries.id, id));
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewTimeEntryRow>): Promise<TimeEntryRow | undefined> {
    const [row] = await db.update(timeEntries).set(values).where(eq(timeEntries.id, id)).returning();
    return row;
  },

  async delete(db: DbOrTx, id: number): Promise<TimeEntryRow | undefined> {
    const [row] = await db.delete(timeEntries).where(eq(timeEntries.id, id)).returning();
    return row;
  },

  /** A user's finished entries of these days (every user's when `userId` is absent), by day and start. */
  listRange(db: DbOrTx, from: string, to: string, userId?: number): Promise<TimeEntryRow[]> {
    return db
      .select()
      .from(timeEntries)
      .where(
        and(
          userId === undefined ? undefined : eq(timeEntries.userId, userId),
          gte(timeEntries.date, from),
          lte(timeEntries.date, to),
          isNotNull(timeEntries.endedAt),
        ),
      )
      .orderBy(asc(timeEntries.date), asc(timeEntries.startedAt), asc(timeEntries.id));
  },

  /** Minutes per company and day of a user's days (finished entries). */
  sumByBusinessAndDay(
    db: DbOrTx,
    userId: number,
    from: string,
    to: string,
  ): Promise<{ businessId: number; date: string; minutes: number }[]> {
    return db
      .select({
        businessId: timeEntries.businessId,
        date: timeEntries.date,
        minutes: sql<number>`sum(${timeEntries.minutes})::int`,
      })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.userId, userId),
          gte(timeEntries.date, from),
          lte(timeEntries.date, to),
          isNotNull(timeEntries.endedAt),
        ),
      )
      .groupBy(timeEntries.businessId, timeEntries.date);
  },

  /**
   * A month's minutes per company and their cost: Σ minutes × that person's hourly cost (pesos × minutes,
   * divided by 60 once per company by the caller), and the people who logged time without a cost.
   */
  async monthByBusiness(
    db: DbOrTx,
    from: string,
    to: string,
  ): Promise<{ businessId: number; minutes: number; costMinutes: number }[]> {
    const rows = await db
      .select({
        businessId: timeEntries.businessId,
        minutes: sql<string>`sum(${timeEntries.minutes})`,
        costMinutes: sql<string>`sum(${timeEntries.minutes}::bigint * coalesce(${staffHourlyCosts.hourlyCost}, 0))`,
      })
      .from(timeEntries)
      .leftJoin(staffHourlyCosts, eq(staffHourlyCosts.userId, timeEntries.userId))
      .where(and(gte(timeEntries.date, from), lte(timeEntries.date, to), isNotNull(timeEntries.endedAt)))
      .groupBy(timeEntries.businessId);
    return rows.map((row) => ({
      businessId: row.businessId,
      minutes: Number(row.minutes),
      costMinutes: Number(row.costMinutes),
    }));
  },

  /** A month's minutes per service (null: none named). */
  async monthByService(db: DbOrTx, from: string, to: string): Promise<{ serviceId: number | null; minutes: number }[]> {
    const rows = await db
      .select({ serviceId: timeEntries.serviceId, minutes: sql<string>`sum(${timeEntries.minutes})` })
      .from(timeEntries)
      .where(and(gte(timeEntries.date, from), lte(timeEntries.date, to), isNotNull(timeEntries.endedAt)))
      .groupBy(timeEntries.serviceId);
    return rows.map((row) => ({ serviceId: row.serviceId, minutes: Number(row.minutes) }));
  },

  /** Who logged time in these days without an hourly cost set. */
  async usersWithoutCost(db: DbOrTx, from: string, to: string): Promise<number[]> {
    const rows = await db
      .selectDistinct({ userId: timeEntries.userId })
      .from(timeEntries)
      .leftJoin(staffHourlyCosts, eq(staffHourlyCosts.userId, timeEntries.userId))
      .where(and(gte(timeEntries.date, from), lte(timeEntries.date, to), isNull(staffHourlyCosts.userId)));
    return rows.map((row) => row.userId);
  },

  listCosts(db: DbOrTx): Promise<{ userId: number; hourlyCost: number }[]> {
    return db
      .select({ userId: staffHourlyCosts.userId, hourlyCost: staffHourlyCosts.hourlyCost })
      .from(staffHourlyCosts);
  },

  async costOf(db: DbOrTx, userId: number): Promise<number | null> {
    const [row] = await db.select().from(staffHourlyCosts).where(eq(staffHourlyCosts.userId, userId));
    return row?.hourlyCost ?? null;
  },

  async upsertCost(db: DbOrTx, userId: number, hourlyCost: number): Promise<void> {
    await db
      .insert(staffHourlyCosts)
      .values({ userId, hourlyCost })
      .onConflictDoUpdate({ target: staffHourlyCosts.userId, set: { hourlyCost, updatedAt: new Date() } });
  },

  async remindOf(db: DbOrTx, userId: number): Promise<boolean> {
    const [row] = await db.select().from(timeSettings).where(eq(timeSettings.userId, userId));
    return row?.remind ?? false;
  },

  async setRemind(db: DbOrTx, userId: number, remind: boolean): Promise<void> {
    await db
      .insert(timeSettings)
      .values({ userId, remind })
      .onConflictDoUpdate({ target: timeSettings.userId, set: { remind } });
  },

  /** Of these users, the running timers started before an instant. */
  async runningStartedBefore(
    db: DbOrTx,
    before: Date,
    userIds: number[],
  ): Promise<{ userId: number; businessId: number; startedAt: Date }[]> {
    if (userIds.length === 0) return [];
    return db
      .select({ userId: timeEntries.userId, businessId: timeEntries.businessId, startedAt: timeEntries.startedAt })
      .from(timeEntries)
      .where(and(inArray(timeEntries.userId, userIds), isNull(timeEntries.endedAt), lt(timeEntries.startedAt, before)));
  },

  /** Of these users, those with the reminder on and no entry on that day. */
  async remindedWithoutEntryOn(db: DbOrTx, day: string, userIds: number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const rows = await db
      .select({ userId: timeSettings.userId })
      .from(timeSettings)
      .where(
        and(
          inArray(timeSettings.userId, userIds),
          eq(timeSettings.remind, true),
          sql`not exists (select 1 from ${timeEntries} where ${timeEntries.userId} = ${timeSettings.userId} and ${timeEntries.date} = ${day})`,
        ),
      );
    return rows.map((row) => row.userId);
  },
};
