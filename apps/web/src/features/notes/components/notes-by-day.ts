import { santiagoDate } from '@app/shared/period';

export interface DayOfNotes<T> {
  /** The day the notes were written, 'YYYY-MM-DD' in America/Santiago. */
  day: string;
  notes: T[];
}

/**
 * The notes as the screen lists them: one group per day they were written, in the
 * order the server sent them (newest first, or oldest first with 'Mas antiguo (asc)'), so both the
 * days and the notes within a day follow the chosen order. The day is the firm's (America/Santiago),
 * so a note written at 22:00 is not listed under the next day.
 */
export function notesByDay<T extends { createdAt: string }>(notes: readonly T[]): DayOfNotes<T>[] {
  const days = new Map<string, T[]>();
  for (const note of notes) {
    const day = santiagoDate(new Date(note.createdAt));
    const group = days.get(day);
    if (group) group.push(note);
    else days.set(day, [note]);
  }
  return [...days].map(([day, dayNotes]) => ({ day, notes: dayNotes }));
}
