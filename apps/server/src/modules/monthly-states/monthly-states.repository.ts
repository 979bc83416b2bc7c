import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { monthlyStateHistory, monthlyStates } from '../../db/schema/monthly-states.ts';
import { serviceStates } from '../../db/schema/services.ts';

export type MonthlyStateRow = typeof monthlyStates.$inferSelect;
type Cell = { businessId: number; serviceId: number; year: number; month: number };

const cellIs = (cell: Cell) =>
  and(
    eq(monthlyStates.businessId, cell.businessId),
    eq(monthlyStates.serviceId, cell.serviceId),
    eq(monthlyStates.year, cell.year),
    eq(monthlyStates.month, cell.month),
  );

export const monthlyStatesRepository = {
  /** The number a trigger moves on every change the board shows (migration 0004). */

  /** The chosen states of a period (optionally of one company): the board's cells that are not defaults. */
  listForPeriod(db: DbOrTx, year: number, month: number, businessId?: number) {
    return db
      .select({
        businessId: monthlyStates.businessId,
        serviceId: monthlyStates.serviceId,
        stateId: monthlyStates.stateId,
        value: monthlyStates.value,
        updatedByName: monthlyStates.updatedByName,
        updatedAt: monthlyStates.updatedAt,
      })
      .from(monthlyStates)
      .where(
        and(
          eq(monthlyStates.year, year),
          eq(monthlyStates.month, month),
          businessId === undefined ? undefined : eq(monthlyStates.businessId, businessId),
        ),
      );
  },

  /**
   * The cell's row, read after taking a lock on the cell that lasts until the transaction ends:
   * two changes of one cell queue up even when it has no row yet, so each history entry starts
   * from the state the previous change left.
   */
  async findForUpdate(db: DbOrTx, cell: Cell): Promise<MonthlyStateRow | undefined> {
    const key = `monthly-state:${cell.businessId}:${cell.serviceId}:${cell.year}:${cell.month}`;
    await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
    const [row] = await db.select().from(monthlyStates).where(cellIs(cell));
    return row;
  },

  async upsert(
    db: DbOrTx,
    values: Cell & { stateId: number; value: number | null; updatedBy: number; updatedByName: string },
  ): Promise<void> {
    const now = new Date();
    await db
      .insert(monthlyStates)
      .values({ ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: [monthlyStates.businessId, monthlyStates.serviceId, monthlyStates.year, monthlyStates.month],
        set: {
          stateId: values.stateId,
          value: values.value,
          updatedBy: values.updatedBy,
          updatedByName: values.updatedByName,
          updatedAt: now,
        },
      });
  },

  async insertHistory(
    db: DbOrTx,
    values: Cell & {
      fromStateId: number | null;
      toStateId: number;
      value: number | null;
      userId: number;
      userName: string;
    },
  ): Promise<void> {
    await db.insert(monthlyStateHistory).values(values);
  },

  /** A cell's changes, newest first, with the states' names and colours. */
  listHistory(db: DbOrTx, cell: Cell) {
    const fromState = alias(serviceStates, 'from_state');
    const toState = alias(serviceStates, 'to_state');
    return (
      db
        .select({
          id: monthlyStateHistory.id,
          value: monthlyStateHistory.value,
          userName: monthlyStateHistory.userName,
          createdAt: monthlyStateHistory.createdAt,
          fromState: { id: fromState.id, name: fromState.name, color: fromState.color },
          toState: { id: toState.id, name: toState.name, color: toState.color },
        })
        .from(monthlyStateHistory)
        .leftJoin(fromState, eq(fromState.id, monthlyStateHistory.fromStateId))
        .leftJoin(toState, eq(toState.id, monthlyStateHistory.toStateId))
        .where(
          and(
            eq(monthlyStateHistory.businessId, cell.businessId),
            eq(monthlyStateHistory.serviceId, cell.serviceId),
            eq(monthlyStateHistory.year, cell.year),
            eq(monthlyStateHistory.month, cell.month),
          ),
        )
        // By id: ids follow the order the changes were written (under the cell's lock), while
        // created_at is each transaction's start, which a change that waited for the lock predates.
        .orderBy(desc(monthlyStateHistory.id))
    );
  },
};
