import { and, asc, desc, eq, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { anyOf, type SubjectMatch, subjectReads, textMentions } from '../../lib/subject-search.ts';
import { type NewNoteRow, type NoteRow, notes } from './notes.tables.ts';

/** The columns of a note as it is read; the service adds its assignee's names (users module). */
const noteColumns = {
  id: notes.id,
  description: notes.description,
  reminder: notes.reminder,
  reminderSentAt: notes.reminderSentAt,
  reminderEmailLogId: notes.reminderEmailLogId,
  done: notes.done,
  createdAt: notes.createdAt,
  userId: notes.userId,
};

/** 'Buscar titular': a page of the rows naming the person, and their count with the newest rows. */
const subjectRows = subjectReads(notes, notes.id, aboutSubject, (db: DbOrTx, ids, newestFirst) =>
  db
    .select(noteColumns)
    .from(notes)
    .where(inArray(notes.id, ids))
    .orderBy(newestFirst ? desc(notes.id) : asc(notes.id)),
);

export const notesRepository = {
  /** Notes by creation (ties by id, the same way), of one assignee or of everyone. */
  list(db: DbOrTx, filter: { userId?: number; order: 'ASC' | 'DESC' }) {
    const direction = filter.order === 'ASC' ? asc : desc;
    const query = db.select(noteColumns).from(notes);
    return (filter.userId === undefined ? query : query.where(eq(notes.userId, filter.userId))).orderBy(
      direction(notes.createdAt),
      direction(notes.id),
    );
  },

  async findById(db: DbOrTx, id: number) {
    const [row] = await db.select(noteColumns).from(notes).where(eq(notes.id, id));
    return row;
  },

  /** The stored note, its row locked until the caller's transaction ends (two edits do not interleave). */
  async lockById(db: DbOrTx, id: number): Promise<NoteRow | undefined> {
    const [row] = await db.select().from(notes).where(eq(notes.id, id)).for('update');
    return row;
  },

  async insert(db: DbOrTx, values: NewNoteRow): Promise<number> {
    const [row] = await db.insert(notes).values(values).returning({ id: notes.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async update(db: DbOrTx, id: number, values: Partial<NewNoteRow>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await db.update(notes).set(values).where(eq(notes.id, id));
  },

  /**
   * Marks the reminders due at `now` as sent and answers them: the update claims each one, so two
   * instances (or two ticks) never both get the same reminder.
   */
  claimDueReminders(db: DbOrTx, now: Date) {
    return db
      .update(notes)
      .set({ reminderSentAt: now })
      .where(and(lte(notes.reminder, now), isNull(notes.reminderSentAt)))
      .returning({ id: notes.id, description: notes.description, userId: notes.userId });
  },

  /** Names the e-mail log entry of a claimed reminder's e-mail (unless the reminder was changed since). */
  async setReminderEmail(db: DbOrTx, id: number, claimedAt: Date, emailLogId: number): Promise<void> {
    await db
      .update(notes)
      .set({ reminderEmailLogId: emailLogId })
      .where(and(eq(notes.id, id), eq(notes.reminderSentAt, claimedAt)));
  },

  async delete(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.delete(notes).where(eq(notes.id, id)).returning({ id: notes.id });
    return rows.length > 0;
  },

  ...subjectRows,

  /** New descriptions, by id (a suppression's pseudonym in place of the person's name). */
  async setDescriptions(db: DbOrTx, changes: { id: number; description: string }[]): Promise<void> {
    for (const change of changes) {
      await db.update(notes).set({ description: change.description }).where(eq(notes.id, change.id));
    }
  },
};

function aboutSubject(match: SubjectMatch): SQL[] {
  return [textMentions(notes.description, match), anyOf(notes.userId, match.userIds)];
}

/** A note with its assignee's names, as every read shows it. */
export type NoteListRow = Awaited<ReturnType<typeof notesRepository.list>>[number];

/** A note with its assignee's names, as every read answers it. */
export type NoteWithAssignee = Omit<NoteListRow, 'userId'> & {
  assignee: { id: number; name: string; lastName: string };
};
