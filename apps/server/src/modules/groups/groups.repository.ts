import { sortByName } from '@app/shared/collator';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessGroupMembers, businessGroups } from './groups.tables.ts';

export type GroupRow = typeof businessGroups.$inferSelect;
export type NewGroupRow = typeof businessGroups.$inferInsert;

export const groupsRepository = {
  /** Every group by name in the Spanish order (`sortByName`, not SQL). */
  async list(db: DbOrTx): Promise<GroupRow[]> {
    return sortByName(
      await db.select().from(businessGroups),
      (row) => row.name,
      (row) => row.id,
    );
  },

  /** Every group's id and name, oldest first. */
  listNames(db: DbOrTx): Promise<{ id: number; name: string }[]> {
    return db
      .select({ id: businessGroups.id, name: businessGroups.name })
      .from(businessGroups)
      .orderBy(businessGroups.id);
  },

  /** The names of the groups each of these companies belongs to, by company id (names in SQL's order). */
  async namesOfBusinesses(db: DbOrTx, businessIds: number[]): Promise<Map<number, string[]>> {
    const names = new Map<number, string[]>();
    if (businessIds.length === 0) return names;
    const rows = await db
      .select({ businessId: businessGroupMembers.businessId, name: businessGroups.name })
      .from(businessGroupMembers)
      .innerJoin(businessGroups, eq(businessGroups.id, businessGroupMembers.groupId))
      .where(inArray(businessGroupMembers.businessId, businessIds))
      .orderBy(businessGroups.name);
    for (const { businessId, name } of rows) names.set(businessId, [...(names.get(businessId) ?? []), name]);
    return names;
  },

  /** Adds companies to groups; a company already in the group stays as it is. */
  async addMembers(db: DbOrTx, members: { groupId: number; businessId: number }[]): Promise<void> {
    if (members.length === 0) return;
    await db.insert(businessGroupMembers).values(members).onConflictDoNothing();
  },

  async findById(db: DbOrTx, id: number): Promise<GroupRow | undefined> {
    const [row] = await db.select().from(businessGroups).where(eq(businessGroups.id, id));
    return row;
  },

  /**
   * The member company ids of each group, by group id (ascending company ids): one row per group
   * with its ids as an array, so a group of 2,000 companies is one row to read, not 2,000.
   */
  async memberIds(db: DbOrTx, groupIds: number[]): Promise<Map<number, number[]>> {
    const members = new Map<number, number[]>(groupIds.map((id) => [id, []]));
    if (groupIds.length === 0) return members;
    const rows = await db
      .select({
        groupId: businessGroupMembers.groupId,
        businessIds: sql<
          number[]
        >`array_agg(${businessGroupMembers.businessId} order by ${businessGroupMembers.businessId})`,
      })
      .from(businessGroupMembers)
      .where(inArray(businessGroupMembers.groupId, groupIds))
      .groupBy(businessGroupMembers.groupId);
    for (const row of rows) members.set(row.groupId, row.businessIds.map(Number));
    return members;
  },

  async insert(db: DbOrTx, values: NewGroupRow): Promise<GroupRow> {
    const [row] = await db.insert(businessGroups).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewGroupRow>): Promise<GroupRow | undefined> {
    const [row] = await db.update(businessGroups).set(values).where(eq(businessGroups.id, id)).returning();
    return row;
  },

  /** Replaces the group's companies with exactly these ids. */
  async replaceMembers(db: DbOrTx, groupId: number, businessIds: number[]): Promise<void> {
    await db.delete(businessGroupMembers).where(eq(businessGroupMembers.groupId, groupId));
    if (businessIds.length === 0) return;
    await db.insert(businessGroupMembers).values(businessIds.map((businessId) => ({ groupId, businessId })));
  },

  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.delete(businessGroups).where(eq(businessGroups.id, id)).returning({ id: businessGroups.id });
    return rows.length > 0;
  },
};
