import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insertIfAbsent } from '../../db/insert-if-absent.ts';
import { serviceNotificationSends } from './scheduler.tables.ts';

export const schedulerRepository = {
  /** The companies these notifications already went to in a period, as `notificationId:businessId`. */
  async sentIn(db: DbOrTx, notificationIds: number[], period: { year: number; month: number }): Promise<Set<string>> {
    const rows = await db
      .select({
        notificationId: serviceNotificationSends.notificationId,
        businessId: serviceNotificationSends.businessId,
      })
      .from(serviceNotificationSends)
      .where(
        and(
          inArray(serviceNotificationSends.notificationId, notificationIds),
          eq(serviceNotificationSends.year, period.year),
          eq(serviceNotificationSends.month, period.month),
        ),
      );
    return new Set(rows.map((row) => `${row.notificationId}:${row.businessId}`));
  },

  /** Records that a notification goes to a company in a period: false when it already went. */
  claimNotificationSend: (db: DbOrTx, send: typeof serviceNotificationSends.$inferInsert) =>
    insertIfAbsent(db, serviceNotificationSends, send),
};
