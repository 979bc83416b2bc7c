import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { activity } from '../../db/schema/activity.ts';
import { businessPasswords } from './credentials.tables.ts';

export type CredentialRow = typeof businessPasswords.$inferSelect;
export type NewCredentialRow = typeof businessPasswords.$inferInsert;

export interface LastRevealRow {
  recordId: string | null;
  at: Date;
  actorName: string | null;
  ip: string | null;
}

export const credentialsRepository = {
  /**
   * The latest 'revealed' or 'copied' entry of each credential, in one query (DISTINCT ON over the
   * index activity_record_idx (kind, record_id, at desc)).
   */
  lastReveals(db: DbOrTx, credentialIds: number[]): Promise<LastRevealRow[]> {
    if (credentialIds.length === 0) return Promise.resolve([]);
    return db
      .selectDistinctOn([activity.recordId], {
        recordId: activity.recordId,
        at: activity.at,
        actorName: activity.actorName,
        ip: activity.ip,
      })
      .from(activity)
      .where(
        and(
          eq(activity.kind, 'credential'),
          inArray(activity.recordId, credentialIds.map(String)),
          inArray(activity.action, ['revealed', 'copied']),
        ),
      )
      .orderBy(activity.recordId, desc(activity.at), desc(activity.id));
  },

  listByBusiness(db: DbOrTx, businessId: number): Promise<CredentialRow[]> {
    return db
      .select()
      .from(businessPasswords)
      .where(eq(businessPasswords.businessId, businessId))
      .orderBy(asc(businessPasswords.portal), asc(businessPasswords.id));
  },

  async findById(db: DbOrTx, id: number): Promise<CredentialRow | undefined> {
    const [row] = await db.select().from(businessPasswords).where(eq(businessPasswords.id, id));
    return row;
  },

  async insert(db: DbOrTx, values: NewCredentialRow): Promise<CredentialRow> {
    const [row] = await db.insert(businessPasswords).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewCredentialRow>): Promise<CredentialRow | undefined> {
    const [row] = await db
      .update(businessPasswords)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(businessPasswords.id, id))
      .returning();
    return row;
  },

  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db
      .delete(businessPasswords)
      .where(eq(businessPasswords.id, id))
      .returning({ id: businessPasswords.id });
    return rows.length > 0;
  },
};
