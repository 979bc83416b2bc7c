import { sortByName } from '@app/shared/collator';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businessInTask, tasks } from './tasks.tables.ts';

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
export type BusinessInTaskRow = typeof businessInTask.$inferSelect;

/** A task's own columns as every read shows it; the service adds its responsible's names (users module). */
const taskColumns = {
  id: tasks.id,
  name: tasks.name,
  expirationDate: tasks.expirationDate,
  showInSummary: tasks.showInSummary,
  responsableId: tasks.responsableId,
};

export type TaskListRow = {
  id: number;
  name: string;
  expirationDate: number;
  showInSummary: boolean;
  responsableId: number;
};

/** A task with its responsible's names, as every read answers it. */
export type TaskWithResponsable = {
  id: number;
  name: string;
  expirationDate: number;
  showInSummary: boolean;
  responsable: { id: number; name: string; lastName: string };
};

export const tasksRepository = {
  /** Every task by name in the Spanish order (the list and the board's columns; `sortByName`, not SQL). */
  async list(db: DbOrTx): Promise<TaskListRow[]> {
    const rows = await db.select(taskColumns).from(tasks);
    return sortByName(
      rows,
      (row) => row.name,
      (row) => row.id,
    );
  },

  async findById(db: DbOrTx, id: number): Promise<TaskListRow | undefined> {
    const [row] = await db.select(taskColumns).from(tasks).where(eq(tasks.id, id));
    return row;
  },

  /** Every task's id and name (for the unique-name check). */
  listNames(db: DbOrTx): Promise<{ id: number; name: string }[]> {
    return db.select({ id: tasks.id, name: tasks.name }).from(tasks);
  },

  async insert(db: DbOrTx, values: NewTaskRow): Promise<number> {
    const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewTaskRow>): Promise<boolean> {
    const rows = await db.update(tasks).set(values).where(eq(tasks.id, id)).returning({ id: tasks.id });
    return rows.length > 0;
  },

  /** Removes the task; its companies, states and history go with it (cascade, same statement). */
  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.delete(tasks).where(eq(tasks.id, id)).returning({ id: tasks.id });
    return rows.length > 0;
  },

  listBusinesses(db: DbOrTx, taskId: number): Promise<BusinessInTaskRow[]> {
    return db
      .select()
      .from(businessInTask)
      .where(eq(businessInTask.taskId, taskId))
      .orderBy(asc(businessInTask.businessId));
  },

  async findBusiness(db: DbOrTx, taskId: number, businessId: number): Promise<BusinessInTaskRow | undefined> {
    const [row] = await db
      .select()
      .from(businessInTask)
      .where(and(eq(businessInTask.taskId, taskId), eq(businessInTask.businessId, businessId)));
    return row;
  },

  /** Adds the company, or moves its start date when it is already in: `created` tells which. */
  async upsertBusiness(
    db: DbOrTx,
    values: { taskId: number; businessId: number; startDate: string },
  ): Promise<{ row: BusinessInTaskRow; created: boolean }> {
    const [result] = await db
      .insert(businessInTask)
      .values(values)
      .onConflictDoUpdate({
        target: [businessInTask.taskId, businessInTask.businessId],
        set: { startDate: values.startDate },
      })
      .returning({
        id: businessInTask.id,
        taskId: businessInTask.taskId,
        businessId: businessInTask.businessId,
        startDate: businessInTask.startDate,
        created: sql<boolean>`(xmax = 0)`,
      });
    if (!result) throw new Error('upsert returned no row');
    const { created, ...row } = result;
    return { row, created };
  },

  async updateBusiness(
    db: DbOrTx,
    taskId: number,
    businessId: number,
    startDate: string,
  ): Promise<BusinessInTaskRow | undefined> {
    const [row] = await db
      .update(businessInTask)
      .set({ startDate })
      .where(and(eq(businessInTask.taskId, taskId), eq(businessInTask.businessId, businessId)))
      .returning();
    return row;
  },

  async deleteBusiness(db: DbOrTx, taskId: number, businessId: number): Promise<boolean> {
    const rows = await db
      .delete(businessInTask)
      .where(and(eq(businessInTask.taskId, taskId), eq(businessInTask.businessId, businessId)))
      .returning({ id: businessInTask.id });
    return rows.length > 0;
  },

  /** These companies join the task from `startDate`; companies already in keep their own date. */
  async addBusinesses(db: DbOrTx, taskId: number, businessIds: number[], startDate: string): Promise<void> {
    if (businessIds.length === 0) return;
    await db
      .insert(businessInTask)
      .values(businessIds.map((businessId) => ({ taskId, businessId, startDate })))
      .onConflictDoNothing({ target: [businessInTask.taskId, businessInTask.businessId] });
  },

  async deleteAllBusinesses(db: DbOrTx, taskId: number): Promise<void> {
    await db.delete(businessInTask).where(eq(businessInTask.taskId, taskId));
  },

  /** Whether the user is the responsible of some task (who then must stay staff). */
  async hasResponsible(db: DbOrTx, userId: number): Promise<boolean> {
    const [row] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.responsableId, userId)).limit(1);
    return row !== undefined;
  },

  /** Who is in which task by the period's last day (a start date on or before it), optionally for one company. */
  listApplying(db: DbOrTx, lastDay: string, businessId?: number) {
    return db
      .select({ taskId: businessInTask.taskId, businessId: businessInTask.businessId })
      .from(businessInTask)
      .where(
        and(
          lte(businessInTask.startDate, lastDay),
          businessId === undefined ? undefined : eq(businessInTask.businessId, businessId),
        ),
      );
  },
};
