import type { EmailDelivery } from '@app/shared/schemas/email';
import type { Note } from '@app/shared/schemas/notes';
import type { NoteWithAssignee } from './notes.repository.ts';

/** `delivery`: what became of the reminder's e-mail, read from the e-mail log (undefined: none written). */
export function presentNote(row: NoteWithAssignee, delivery?: EmailDelivery): Note {
  return {
    id: row.id,
    description: row.description,
    userId: row.assignee,
    reminder: row.reminder?.toISOString() ?? null,
    reminderSentAt: row.reminderSentAt?.toISOString() ?? null,
    reminderDelivery: row.reminderSentAt ? (delivery ?? null) : null,
    done: row.done,
    createdAt: row.createdAt.toISOString(),
  };
}
