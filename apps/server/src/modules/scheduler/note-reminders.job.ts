import type { ScheduledJob } from './scheduler.ts';

export interface NoteRemindersDeps {
  /** The notes module's claim: the reminders due by then, each answered once. */
  claimDueReminders(now: Date): Promise<{ description: string; userId: number }[]>;
  /** The assignee's address (users module). */
  findUserEmail(userId: number): Promise<string | undefined>;
  /** The push module's send: never throws. */
  sendPush(userId: number, message: { title: string; body: string; url: string }): Promise<number>;
  /** The e-mail module's send without a staff sender, written to the e-mail log whatever happens. */
  sendEmail(input: { emails: string[]; subject: string; content: string; businessId?: number }): Promise<unknown>;
}

/** At a note's reminder time its assignee gets a push and an e-mail, once (reminder_sent_at claims it). */
export function noteRemindersJob(deps: NoteRemindersDeps): ScheduledJob {
  return {
    name: 'note-reminders',
    async run(now) {
      for (const note of await deps.claimDueReminders(now)) {
        await deps.sendPush(note.userId, { title: 'Recordatorio', body: note.description, url: '/notas' });
        const email = await deps.findUserEmail(note.userId);
        if (email) await deps.sendEmail({ emails: [email], subject: 'Recordatorio', content: note.description });
      }
    },
  };
}
