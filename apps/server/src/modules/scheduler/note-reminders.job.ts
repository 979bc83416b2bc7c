import type { ScheduledJob } from './scheduler.ts';

export interface NoteRemindersDeps {
  /** The notes module's claim: the reminders due by then, each answered once. */
  claimDueReminders(now: Date): Promise<{ id: number; description: string; userId: number }[]>;
  /** The notes module's record of the reminder's e-mail log entry (the list reads its delivery there). */
  setReminderEmail(noteId: number, claimedAt: Date, emailLogId: number): Promise<void>;
  /** The assignee's address (users module). */
  findUserEmail(userId: number): Promise<string | undefined>;
  /** The push module's send: never throws. */
  sendPush(userId: number, message: { title: string; body: string; url: string }): Promise<number>;
  /** The e-mail module's send without a staff sender, written to the e-mail log whatever happens. */
  sendEmail(input: {
    emails: string[];
    subject: string;
    content: string;
    businessId?: number;
  }): Promise<{ row: { id: number } }>;
}

/** The longest part of the note a reminder's subject quotes, in characters. */
export const REMINDER_SUBJECT_WORDS_MAX = 60;

/**
 * 'Recordatorio: <the note's first words>': on one line, cut at a word (or at the limit, for one
 * long word) and marked '…' when the note goes on, so an inbox tells one reminder from another.
 */
export function reminderSubject(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  if (!text) return 'Recordatorio';
  if (text.length <= REMINDER_SUBJECT_WORDS_MAX) return `Recordatorio: ${text}`;
  const cut = text.slice(0, REMINDER_SUBJECT_WORDS_MAX + 1);
  const atWord = cut.lastIndexOf(' ');
  const words = (atWord > 0 ? cut.slice(0, atWord) : cut.slice(0, REMINDER_SUBJECT_WORDS_MAX)).trimEnd();
  return `Recordatorio: ${words}…`;
}

/** At a note's reminder time its assignee gets a push and an e-mail, once (reminder_sent_at claims it). */
export function noteRemindersJob(deps: NoteRemindersDeps): ScheduledJob {
  return {
    name: 'note-reminders',
    async run(now) {
      for (const note of await deps.claimDueReminders(now)) {
        await deps.sendPush(note.userId, { title: 'Recordatorio', body: note.description, url: '/notas' });
        const email = await deps.findUserEmail(note.userId);
        if (!email) continue;
        const { row } = await deps.sendEmail({
          emails: [email],
          subject: reminderSubject(note.description),
          content: note.description,
        });
        await deps.setReminderEmail(note.id, now, row.id);
      }
    },
  };
}
