import { and, eq, gte, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ActivityRow, activity } from '../../db/schema/activity.ts';

/** The filters of GET /api/activity as instants: `from` included, `before` excluded. */
export interface ActivityFilters {
  userId?: number;
  businessId?: number;
  kind?: string;
  from?: Date;
  before?: Date;
  /** Entries up to this id (an archive's last entry). */
  throughId?: number;
}

/**
 * Where a page ends: the last entry's `at` as PostgreSQL's text (microseconds kept, which a Date
 * would round) and its id. The next page starts strictly after it in (at desc, id desc).
 */
export interface ActivityPosition {
  at: string;
  id: number;
}

function conditions(filters: ActivityFilters, after?: ActivityPosition): SQL | undefined {
  return and(
    filters.userId === undefined ? undefined : eq(activity.actorId, filters.userId),
    filters.businessId === undefined ? undefined : eq(activity.businessId, filters.businessId),
    filters.kind === undefined ? undefined : eq(activity.kind, filters.kind),
    filters.from ? gte(activity.at, filters.from) : undefined,
    filters.before ? lt(activity.at, filters.before) : undefined,
    filters.throughId === undefined ? undefined : lte(activity.id, filters.throughId),
    // A row comparison the (…, at desc, id desc) indexes serve as a range: no sort, no skipped rows.
    after ? sql`(${activity.at}, ${activity.id}) < (${after.at}::timestamptz, ${after.id})` : undefined,
  );
}

export const activityRepository = {
  /** The position of the entry `id` (the cursor's row), or undefined when there is none. */
  async positionOf(db: DbOrTx, id: number): Promise<ActivityPosition | undefined> {
    const [row] = await db
      .select({ at: sql<string>`${activity.at}::text`, id: activity.id })
      .from(activity)
      .where(eq(activity.id, id));
    return row;
  },

  /**
   * Up to `limit` entries matching the filters, newest first, after `after` when given; each with
   * its position, for the next batch.
   */
  async pageAfter(
    db: DbOrTx,
    filters: ActivityFilters,
    limit: number,
    after?: ActivityPosition,
  ): Promise<{ row: ActivityRow; position: ActivityPosition }[]> {
    const rows = await db
      .select({ row: activity, atText: sql<string>`${activity.at}::text` })
      .from(activity)
      .where(conditions(filters, after))
      // NULLS LAST as the indexes of migration 0020 are built (the columns hold no null): a plain
      // DESC means NULLS FIRST, which no index serves, and PostgreSQL would sort the whole table.
      .orderBy(sql`${activity.at} desc nulls last`, sql`${activity.id} desc nulls last`)
      .limit(limit);
    return rows.map(({ row, atText }) => ({ row, position: { at: atText, id: row.id } }));
  },
};
