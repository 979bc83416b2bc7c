import { and, inArray, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notes } from '../../db/schema/notes.ts';
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
};
