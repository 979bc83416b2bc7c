import type { Db } from '../../db/client.ts';
import { schedulerRepository } from './scheduler.repository.ts';
import type { ScheduledJob } from './scheduler.ts';

export interface NoteRemindersDeps {
  /** The push module's send: never throws. */
  sendPush(userId: number, message: { title: string; body: string; url: string }): Promise<number>;
  /** The e-mail module's send without a staff sender, written to the e-mail log whatever happens. */
  sendEmail(input: { emails: string[]; subject: string; content: string; businessId?: number }): Promise<unknown>;
}

/** At a note's reminder time its assignee gets a push and an e-mail, once (reminder_sent_at claims it). */
export function noteRemindersJob(db: Db, deps: NoteRemindersDeps): ScheduledJob {
  return {
    name: 'note-reminders',
    async run(now) {
      for (const note of await schedulerRepository.claimDueReminders(db, now)) {
        await deps.sendPush(note.userId, { title: 'Recordatorio', body: note.description, url: '/notas' });
        if (note.email)
          await deps.sendEmail({ emails: [note.email], subject: 'Recordatorio', content: note.description });
      }
    },
  };
}
