import type { Period } from '@app/shared/period';
import { STAFF_ROLES } from '@app/shared/roles';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { insertIfAbsent } from '../../db/insert-if-absent.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { monthlyStates } from '../monthly-states/monthly-states.tables.ts';
import { taskStates, tasks } from '../tasks/tasks.tables.ts';
import { users } from '../users/users.tables.ts';
import { digestSends } from './scheduler.tables.ts';

const inPeriods = (columns: { year: AnyPgColumn; month: AnyPgColumn }, periods: Period[]) =>
  or(...periods.map((period) => and(eq(columns.year, period.year), eq(columns.month, period.month))));

/** What the morning digest reads on its own: who gets it, what they claimed, the saved cells and the tasks. */
export const morningDigestRepository = {
  /** Staff who have not opted out of the digest (a client never gets one). */
  listRecipients(db: DbOrTx) {
    return db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(and(inArray(users.role, [...STAFF_ROLES]), eq(users.morningDigest, true)))
      .orderBy(users.id);
  },

  /** The users whose digest of this day is already decided (sent, or nothing to send). */
  async claimedOn(db: DbOrTx, day: string): Promise<Set<number>> {
    const rows = await db.select({ userId: digestSends.userId }).from(digestSends).where(eq(digestSends.day, day));
    return new Set(rows.map((row) => row.userId));
  },

  /** Claims a user's digest of a day: false when another tick or instance already did. */
  claim: (db: DbOrTx, claim: typeof digestSends.$inferInsert) => insertIfAbsent(db, digestSends, claim),

  /** The monthly board's saved cells of these periods (a cell without a row is at its first state). */
  listMonthlyStates(db: DbOrTx, periods: Period[]) {
    return db
      .select({
        businessId: monthlyStates.businessId,
        serviceId: monthlyStates.serviceId,
        year: monthlyStates.year,
        month: monthlyStates.month,
        stateId: monthlyStates.stateId,
      })
      .from(monthlyStates)
      .where(inPeriods(monthlyStates, periods));
  },

  /** These companies' names and owners (those with client documents to review). */
  listBusinessOwners(db: DbOrTx, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: businesses.id,
        name: businesses.name,
        rut: businesses.rut,
        responsibleUserId: businesses.responsibleUserId,
      })
      .from(businesses)
      .where(inArray(businesses.id, ids));
  },

  listTasks(db: DbOrTx) {
    return db
      .select({
        id: tasks.id,
        name: tasks.name,
        responsableId: tasks.responsableId,
        expirationDate: tasks.expirationDate,
      })
      .from(tasks)
      .orderBy(tasks.id);
  },

  /** The task board's saved cells of these periods (a cell without a row is 'No comenzado'). */
  listTaskStates(db: DbOrTx, periods: Period[]) {
    return db
      .select({
        businessId: taskStates.businessId,
        taskId: taskStates.taskId,
        year: taskStates.year,
        month: taskStates.month,
        state: taskStates.state,
      })
      .from(taskStates)
      .where(inPeriods(taskStates, periods));
  },
};
