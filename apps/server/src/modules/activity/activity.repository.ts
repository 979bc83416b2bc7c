import { and, asc, desc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type ActivityDetails, type ActivityRow, activity } from '../../db/schema/activity.ts';
import { anyOf, joinedText, type SubjectMatch, subjectReads, textMentions } from '../../lib/subject-search.ts';

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

/** 'Buscar titular': the entries of the person's account, or whose names, label or details name them. */
const aboutSubject = (match: SubjectMatch) => [
  anyOf(activity.actorId, match.userIds),
  textMentions(joinedText(activity.actorName, activity.recordLabel, sql`${activity.details}::text`), match),
];

/** 'Buscar titular': a page of the rows naming the person, and their count with the newest rows. */
const subjectRows = subjectReads(activity, activity.id, aboutSubject, (db: DbOrTx, ids, newestFirst) =>
  db
    .select()
    .from(activity)
    .where(inArray(activity.id, ids))
    .orderBy(newestFirst ? desc(activity.id) : asc(activity.id)),
);

export const activityRepository = {
  ...subjectRows,

  /**
   * The one change the log accepts (migration 0037's trigger): a suppression's pseudonym in place of
   * the person's name, e-mail and RUT, in the names and details of these entries, within the
   * caller's transaction. Anything else about an entry stays as written.
   */
  async pseudonymise(
    tx: DbOrTx,
    changes: { id: number; actorName: string | null; recordLabel: string | null; details: ActivityDetails | null }[],
  ): Promise<void> {
    if (changes.length === 0) return;
    await tx.execute(sql`select set_config('app.activity_pseudonymise', 'on', true)`);
    for (const change of changes) {
      await tx
        .update(activity)
        .set({ actorName: change.actorName, recordLabel: change.recordLabel, details: change.details })
        .where(eq(activity.id, change.id));
    }
    await tx.execute(sql`select set_config('app.activity_pseudonymise', '', true)`);
  },

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
