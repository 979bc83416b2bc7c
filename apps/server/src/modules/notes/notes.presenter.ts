import type { Note } from '@app/shared/schemas/notes';
import type { NoteWithAssignee } from './notes.repository.ts';

export function presentNote(row: NoteWithAssignee): Note {
  return {
    id: row.id,
    description: row.description,
    userId: row.assignee,
    reminder: row.reminder?.toISOString() ?? null,
    done: row.done,
    createdAt: row.createdAt.toISOString(),
  };
}
