import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insertIfAbsent } from '../../db/insert-if-absent.ts';
import { approvalReminders, approvals } from './approvals.tables.ts';

export type ApprovalRow = typeof approvals.$inferSelect;
export type ApprovalInsert = typeof approvals.$inferInsert;

/** Queries on the approvals module's own tables. */
export const approvalsRepository = {
  async insert(db: DbOrTx, values: ApprovalInsert): Promise<ApprovalRow> {
    const [row] = await db.insert(approvals).values(values).returning();
    if (!row) throw new Error('approval insert returned nothing');
    return row;
  },

  async findById(db: DbOrTx, id: number): Promise<ApprovalRow | undefined> {
    const [row] = await db.select().from(approvals).where(eq(approvals.id, id));
    return row;
  },

  /** A company's approvals, newest request first. */
  listOfBusiness(db: DbOrTx, businessId: number): Promise<ApprovalRow[]> {
    return db
      .select()
      .from(approvals)
      .where(eq(approvals.businessId, businessId))
      .orderBy(desc(approvals.requestedAt), desc(approvals.id));
  },

  /** The approval a company file has: approved first, else pending; undefined when neither. */
  async openForFile(db: DbOrTx, fileId: number): Promise<Pick<ApprovalRow, 'id' | 'status' | 'title'> | undefined> {
    const [row] = await db
      .select({ id: approvals.id, status: approvals.status, title: approvals.title })
      .from(approvals)
      .where(and(eq(approvals.fileId, fileId), inArray(approvals.status, ['approved', 'pending'])))
      .orderBy(sql`case when ${approvals.status} = 'approved' then 0 else 1 end`, desc(approvals.id))
      .limit(1);
    return row;
  },

  /** The newest approval given to a company file, if any. */
  async approvedForFile(db: DbOrTx, fileId: number): Promise<{ title: string } | undefined> {
    const [row] = await db
      .select({ title: approvals.title })
      .from(approvals)
      .where(and(eq(approvals.fileId, fileId), eq(approvals.status, 'approved')))
      .orderBy(desc(approvals.answeredAt))
      .limit(1);
    return row;
  },

  /** Moves a pending approval to its answer or its cancellation: undefined when it was no longer pending. */
  async settle(db: DbOrTx, id: number, values: Partial<ApprovalInsert>): Promise<ApprovalRow | undefined> {
    const [row] = await db
      .update(approvals)
      .set(values)
      .where(and(eq(approvals.id, id), eq(approvals.status, 'pending')))
      .returning();
    return row;
  },

  /** The reminder rows of these approvals (number 0 is the request's own mail), in order. */
  listReminders(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(approvalReminders)
      .where(inArray(approvalReminders.approvalId, ids))
      .orderBy(approvalReminders.approvalId, approvalReminders.number);
  },

  /** Every pending approval with the number of its last reminder claimed (0 when none), oldest first. */
  listPendingForReminders(db: DbOrTx) {
    return db
      .select({
        id: approvals.id,
        businessId: approvals.businessId,
        title: approvals.title,
        message: approvals.message,
        documentName: approvals.documentName,
        reminderDays: approvals.reminderDays,
        requestedAt: approvals.requestedAt,
        lastNumber: sql<number>`coalesce(max(${approvalReminders.number}), 0)`.mapWith(Number),
      })
      .from(approvals)
      .leftJoin(approvalReminders, eq(approvalReminders.approvalId, approvals.id))
      .where(eq(approvals.status, 'pending'))
      .groupBy(approvals.id)
      .orderBy(approvals.requestedAt, approvals.id);
  },

  /** Claims the `number`-th reminder of an approval: false when another tick or instance already did. */
  claimReminder: (db: DbOrTx, approvalId: number, number: number, claimedAt: Date) =>
    insertIfAbsent(db, approvalReminders, { approvalId, number, claimedAt }),

  async setReminderEmail(db: DbOrTx, approvalId: number, number: number, emailLogId: number): Promise<void> {
    await db
      .update(approvalReminders)
      .set({ emailLogId })
      .where(and(eq(approvalReminders.approvalId, approvalId), eq(approvalReminders.number, number)));
  },

  /** How many approvals these users answered (the certificate names who answered). */
  async countAnsweredBy(db: DbOrTx, userIds: number[]): Promise<number> {
    if (userIds.length === 0) return 0;
    const [row] = await db
      .select({ value: sql<number>`count(*)::int` })
      .from(approvals)
      .where(inArray(approvals.answeredBy, userIds));
    return row?.value ?? 0;
  },

  /** Of these stored keys, those an approval's uploaded PDF is kept under. */
  async keysAmong(db: DbOrTx, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db
      .select({ key: approvals.storageKey })
      .from(approvals)
      .where(inArray(approvals.storageKey, keys));
    return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
  },
};
