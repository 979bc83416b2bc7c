import { msg } from '@app/shared/messages';
import { notesMsg } from '@app/shared/messages-notes';
import { can } from '@app/shared/permissions';
import type { EmailDelivery } from '@app/shared/schemas/email';
import {
  isPastReminder,
  type Note,
  type NoteCreateSchema,
  type NoteListQuerySchema,
  type NoteUpdateSchema,
} from '@app/shared/schemas/notes';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { NewestPage, SubjectMatch, SubjectPage } from '../../lib/subject-search.ts';
import { presentNote } from './notes.presenter.ts';
import { type NoteListRow, notesRepository } from './notes.repository.ts';
import type { NoteRow } from './notes.tables.ts';

type CreateInput = z.output<typeof NoteCreateSchema>;
type UpdateInput = z.output<typeof NoteUpdateSchema>;
type ListQuery = z.output<typeof NoteListQuerySchema>;

interface Deps {
  /**
   * The users module's answer whether the assignee exists and is staff, inside this module's
   * transaction with their row locked until it ends (a demotion at the same moment waits).
   */
  isStaffWhileWriting(tx: DbOrTx, id: number): Promise<boolean>;
  /** The e-mail module's answer of what became of logged e-mails, by their log entry. */
  emailDeliveries(ids: number[]): Promise<Map<number, EmailDelivery>>;
  /** The users module's names of the assignees, by id. */
  listUserNames(ids: readonly number[]): Promise<Map<number, { id: number; name: string; lastName: string }>>;
}

/** The fields a PUT would really change on the stored note (a value equal to the stored one is no change). */
function changedFields(note: NoteRow, input: UpdateInput) {
  const reminder = input.reminder === undefined ? undefined : input.reminder ? new Date(input.reminder) : null;
  return {
    description: input.description !== undefined && input.description !== note.description,
    userId: input.userId !== undefined && input.userId !== note.userId,
    reminder: reminder !== undefined && reminder?.getTime() !== note.reminder?.getTime(),
    done: input.done !== undefined && input.done !== note.done,
    reminderValue: reminder,
  };
}

/**
 * Notes: owners write and read every note; a collaborator reads
 * the notes assigned to them and marks them done or not done. A done note is locked until un-done.
 */
export function createNotesService(db: Db, deps: Deps) {
  /** Notes as read, each with its assignee's names and what became of its reminder's e-mail (one look at each). */
  async function present(listed: NoteListRow[]): Promise<Note[]> {
    const names = await deps.listUserNames(listed.map((row) => row.userId));
    // Deleting the assignee deletes their notes: one gone meanwhile is left out, as the list read it.
    const rows = listed.flatMap(({ userId, ...row }) => {
      const assignee = names.get(userId);
      return assignee ? [{ ...row, assignee }] : [];
    });
    const ids = rows.flatMap((row) => (row.reminderEmailLogId === null ? [] : [row.reminderEmailLogId]));
    const deliveries = ids.length ? await deps.emailDeliveries(ids) : new Map<number, EmailDelivery>();
    return rows.map((row) =>
      presentNote(row, row.reminderEmailLogId === null ? undefined : deliveries.get(row.reminderEmailLogId)),
    );
  }

  async function getNote(id: number): Promise<Note> {
    const row = await notesRepository.findById(db, id);
    if (!row) throw notFound(notesMsg.noteNotFound);
    const [note] = await present([row]);
    if (!note) throw notFound(notesMsg.noteNotFound);
    return note;
  }

  /** Runs a write in one transaction after checking that the assignee is staff (locked until commit). */
  async function withAssignee<T>(userId: number | undefined, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
    try {
      return await db.transaction(async (tx) => {
        if (userId !== undefined) {
          if (!(await deps.isStaffWhileWriting(tx, userId))) {
            throw badRequest(notesMsg.assigneeNotStaff, 'userId');
          }
        }
        return write(tx);
      });
    } catch (error) {
      // The assignee deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw badRequest(notesMsg.assigneeNotStaff, 'userId');
      throw error;
    }
  }

  return {
    /** 'Buscar titular': a page of the notes naming the person or assigned to their account. */
    aboutSubject: (match: SubjectMatch, page: SubjectPage, tx: DbOrTx = db) =>
      notesRepository.aboutSubject(tx, match, page),
    newestAboutSubject: (match: SubjectMatch, page: NewestPage, tx: DbOrTx = db) =>
      notesRepository.newestAboutSubject(tx, match, page),
    /** A suppression's new descriptions, in the caller's transaction. */
    setDescriptions: (tx: DbOrTx, changes: { id: number; description: string }[]) =>
      notesRepository.setDescriptions(tx, changes),

    /** GET /api/note: a collaborator's list is theirs; asking for someone else's is refused. */
    async list(actor: AuthUser, query: ListQuery): Promise<Note[]> {
      // Naming nobody lists everyone's notes to whoever may, and only their own to anyone else.
      const userId = query.id ?? (can(actor, 'notes:list', { userId: undefined }) ? undefined : actor.id);
      if (!can(actor, 'notes:list', { userId })) throw forbidden(notesMsg.onlyOwnNotes);
      return present(await notesRepository.list(db, { userId, order: query.order }));
    },

    async create(actor: AuthUser, input: CreateInput): Promise<Note> {
      const userId = input.userId ?? actor.id;
      const id = await withAssignee(userId, (tx) =>
        notesRepository.insert(tx, {
          description: input.description,
          userId,
          reminder: input.reminder ? new Date(input.reminder) : null,
          done: input.done,
        }),
      );
      return getNote(id);
    },

    /**
     * PUT /api/note/{id}: an owner changes any field; a collaborator only `done` on their own note.
     * A done note takes nothing but being un-done.
     */
    async update(actor: AuthUser, id: number, input: UpdateInput): Promise<Note> {
      await withAssignee(input.userId, async (tx) => {
        const note = await notesRepository.lockById(tx, id);
        if (!note) throw notFound(notesMsg.noteNotFound);
        if (!can(actor, 'note:assigned', note)) throw forbidden(msg.forbidden);
        const changed = changedFields(note, input);
        const changesMoreThanDone = changed.description || changed.userId || changed.reminder;
        if (changesMoreThanDone && !can(actor, 'notes:manage')) throw forbidden(notesMsg.onlyMarkDone);
        if (note.done && (changesMoreThanDone || input.done !== false)) {
          throw badRequest(notesMsg.doneNoteLocked, 'done');
        }
        // The stored reminder may be past (the note is saved for its other fields); a new one may not.
        if (changed.reminder && changed.reminderValue && isPastReminder(changed.reminderValue.toISOString())) {
          throw badRequest(notesMsg.reminderPast, 'reminder');
        }
        await notesRepository.update(tx, id, {
          ...(changed.description && { description: input.description }),
          ...(changed.userId && { userId: input.userId }),
          // A new reminder is a reminder not sent yet.
          ...(changed.reminder && { reminder: changed.reminderValue, reminderSentAt: null, reminderEmailLogId: null }),
          ...(changed.done && { done: input.done }),
        });
      });
      return getNote(id);
    },

    async delete(id: number): Promise<void> {
      if (!(await notesRepository.delete(db, id))) throw notFound(notesMsg.noteNotFound);
    },

    /** The reminders due by `now`, each answered once (the scheduler sends them). */
    claimDueReminders: (now: Date) => notesRepository.claimDueReminders(db, now),

    /** The scheduler's record of a claimed reminder's e-mail: the list then tells whether it left. */
    setReminderEmail: (noteId: number, claimedAt: Date, emailLogId: number) =>
      notesRepository.setReminderEmail(db, noteId, claimedAt, emailLogId),
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
