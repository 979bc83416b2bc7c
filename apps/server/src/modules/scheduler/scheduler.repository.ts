import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notes } from '../../db/schema/notes.ts';
import { serviceNotificationSends } from '../../db/schema/scheduler.ts';
import { serviceNotifications } from '../../db/schema/services.ts';
import { users } from '../../db/schema/users.ts';

export const schedulerRepository = {
  /**
   * Marks the reminders due at `now` as sent and answers them: the update claims each one, so
   * two instances (or two ticks) never both get the same reminder.
   */
  async claimDueReminders(db: DbOrTx, now: Date) {
    const claimed = await db
      .update(notes)
      .set({ reminderSentAt: now })
      .where(and(lte(notes.reminder, now), isNull(notes.reminderSentAt)))
      .returning({ id: notes.id, description: notes.description, userId: notes.userId });
    if (claimed.length === 0) return [];
    const emails = new Map(
      (
        await db
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(
            inArray(
              users.id,
              claimed.map((note) => note.userId),
            ),
          )
      ).map((user) => [user.id, user.email]),
    );
    return claimed.map((note) => ({ ...note, email: emails.get(note.userId) }));
  },

  /** The service notifications of a day of the month; on the month's last day also those of the days it lacks. */
  notificationsDueOn(db: DbOrTx, day: number, lastDayOfMonth: boolean) {
    return db
      .select()
      .from(serviceNotifications)
      .where(lastDayOfMonth ? gte(serviceNotifications.day, day) : eq(serviceNotifications.day, day))
      .orderBy(serviceNotifications.id);
  },

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
  async claimNotificationSend(db: DbOrTx, send: typeof serviceNotificationSends.$inferInsert): Promise<boolean> {
    const claimed = await db
      .insert(serviceNotificationSends)
      .values(send)
      .onConflictDoNothing()
      .returning({ notificationId: serviceNotificationSends.notificationId });
    return claimed.length > 0;
  },
};
