import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { taskStateHistory, taskStates } from '../../db/schema/tasks.ts';

type Cell = { businessId: number; taskId: number; year: number; month: number };

const cellIs = (cell: Cell) =>
  and(
    eq(taskStates.businessId, cell.businessId),
    eq(taskStates.taskId, cell.taskId),
    eq(taskStates.year, cell.year),
    eq(taskStates.month, cell.month),
  );

export const taskStatesRepository = {
  /** The chosen states of a period (optionally of one company): the cells that are not 'No comenzado' by default. */
  listForPeriod(db: DbOrTx, year: number, month: number, businessId?: number) {
    return db
      .select({
        businessId: taskStates.businessId,
        taskId: taskStates.taskId,
        state: taskStates.state,
        value: taskStates.value,
        updatedByName: taskStates.updatedByName,
        updatedAt: taskStates.updatedAt,
      })
      .from(taskStates)
      .where(
        and(
          eq(taskStates.year, year),
          eq(taskStates.month, month),
          businessId === undefined ? undefined : eq(taskStates.businessId, businessId),
        ),
      );
  },

  /** The cell's row under a lock held until the transaction ends, so simultaneous changes chain their history. */
  async findForUpdate(db: DbOrTx, cell: Cell) {
    const key = `task-state:${cell.businessId}:${cell.taskId}:${cell.year}:${cell.month}`;
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const [row] = await db.select().from(taskStates).where(cellIs(cell));
    return row;
  },

  async upsert(
    db: DbOrTx,
    values: Cell & { state: string; value: string | null; updatedBy: number; updatedByName: string },
  ): Promise<Date> {
    const now = new Date();
    await db
      .insert(taskStates)
      .values({ ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: [taskStates.taskId, taskStates.businessId, taskStates.year, taskStates.month],
        set: {
          state: values.state,
          value: values.value,
          updatedBy: values.updatedBy,
          updatedByName: values.updatedByName,
          updatedAt: now,
        },
      });
    return now;
  },

  async insertHistory(
    db: DbOrTx,
    values: Cell & { fromState: string; toState: string; value: string | null; userId: number; userName: string },
  ): Promise<void> {
    await db.insert(taskStateHistory).values(values);
  },

  /** A cell's changes, newest first (by id: the order they were written under the cell's lock). */
  listHistory(db: DbOrTx, cell: Cell) {
    return db
      .select({
        id: taskStateHistory.id,
        fromState: taskStateHistory.fromState,
        toState: taskStateHistory.toState,
        value: taskStateHistory.value,
        userName: taskStateHistory.userName,
        createdAt: taskStateHistory.createdAt,
      })
      .from(taskStateHistory)
      .where(
        and(
          eq(taskStateHistory.businessId, cell.businessId),
          eq(taskStateHistory.taskId, cell.taskId),
          eq(taskStateHistory.year, cell.year),
          eq(taskStateHistory.month, cell.month),
        ),
      )
      .orderBy(desc(taskStateHistory.id));
  },
};
