import { idField, idParam, idParams, MAX_YEAR, MIN_YEAR, plainText, requiredText } from '../fields.ts';
import { msg } from '../messages.ts';
import { notesMsg } from '../messages-notes.ts';
import { z } from '../zod-setup.ts';
import { EmailDeliverySchema } from './email.ts';
import { UserSchema } from './users.ts';

export const NOTE_DESCRIPTION_MAX = 5000;

/** 'Fecha de Creación (desc)' = DESC (the default), 'Mas antiguo (asc)' = ASC. */
export const NOTE_ORDERS = ['DESC', 'ASC'] as const;
export type NoteOrder = (typeof NOTE_ORDERS)[number];

/**
 * A reminder: a moment with its offset ('2026-11-24T12:30:00.000Z' or '...-03:00'), a moment in
 * UTC on the server (moments are stored in UTC). Empty or null means no reminder.
 */
export const NoteReminderSchema = z
  .union([z.null(), z.literal(''), plainText(notesMsg.invalidReminder).trim()], { error: notesMsg.invalidReminder })
  .transform((value) => (value ? value : null))
  .pipe(
    z.iso
      .datetime({ offset: true, error: notesMsg.invalidReminder })
      .pipe(
        z.string().refine((value) => {
          const year = new Date(value).getUTCFullYear();
          return year >= MIN_YEAR && year <= MAX_YEAR;
        }, msg.dateOutOfRange),
      )
      .transform((value) => new Date(value).toISOString())
      .nullable(),
  );

/**
 * How far in the past a new reminder may be: the picker chooses minutes, so the minute being lived
 * (15:30 picked at 15:30:40) is still 'now' and goes out at the next tick.
 */
export const REMINDER_PAST_GRACE_MS = 60_000;

/** Whether a reminder moment (ISO) is already past at `now`: a new reminder must be ahead. */
export const isPastReminder = (instant: string, now: number = Date.now()) =>
  new Date(instant).getTime() < now - REMINDER_PAST_GRACE_MS;

/** A reminder being set: as NoteReminderSchema, and not a moment already gone. */
export const FutureReminderSchema = NoteReminderSchema.refine((value) => value === null || !isPastReminder(value), {
  error: notesMsg.reminderPast,
});

const description = requiredText(
  notesMsg.required,
  NOTE_DESCRIPTION_MAX,
  notesMsg.descriptionMax(NOTE_DESCRIPTION_MAX),
);
const assignee = idField(notesMsg.assigneeNotStaff);
const done = z.boolean({ error: msg.notBoolean });

/** POST /api/note: description required; userId defaults to the caller; reminder a moment ahead or empty; done. */
export const NoteCreateSchema = z.object({
  description,
  userId: assignee.nullish(),
  reminder: FutureReminderSchema.optional(),
  done: done.default(false),
});
export type NoteCreate = z.input<typeof NoteCreateSchema>;

/**
 * PUT /api/note/{id}: the fields to change (absent = unchanged). A done note only takes
 * `{ done: false }`; a collaborator only sends `{ done }` on their own notes. The reminder may be the
 * stored one even when past (the note is saved for its other fields); a changed one must be ahead
 * (isPastReminder, checked against the stored note).
 */
export const NoteUpdateSchema = z.object({
  description: description.optional(),
  userId: assignee.optional(),
  reminder: NoteReminderSchema.optional(),
  done: done.optional(),
});
export type NoteUpdate = z.input<typeof NoteUpdateSchema>;

/** GET /api/note?order=&id=: `id` is the assignee filter ('' = everyone the caller may see). */
export const NoteListQuerySchema = z.object({
  order: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.toUpperCase() : value),
      z.enum(NOTE_ORDERS, { error: notesMsg.invalidOrder }),
    )
    .optional()
    .transform((value) => value ?? 'DESC'),
  id: z.preprocess((value) => (value === '' ? undefined : value), idParam().optional()),
});
export type NoteListQuery = z.input<typeof NoteListQuerySchema>;

export const NoteIdParamSchema = idParams('id');

/** The assignee's names, as the note cards show them. */
export const NoteAssigneeSchema = UserSchema.pick({ id: true, name: true, lastName: true });
export type NoteAssignee = z.infer<typeof NoteAssigneeSchema>;

/**
 * A note as read: the assignee as an object; reminder and createdAt as ISO text in UTC.
 * `reminderSentAt`: when the reminder went out (push and e-mail), null while pending;
 * `reminderDelivery`: what became of its e-mail ('outbox' = only kept on the server, nobody got it;
 * null while pending or when no e-mail was written).
 */
export const NoteSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  userId: NoteAssigneeSchema,
  reminder: z.string().nullable(),
  reminderSentAt: z.string().nullable(),
  reminderDelivery: EmailDeliverySchema.nullable(),
  done: z.boolean(),
  createdAt: z.string(),
});
export type Note = z.infer<typeof NoteSchema>;
export const NoteListSchema = z.array(NoteSchema);
export type NoteList = z.infer<typeof NoteListSchema>;
export const NoteResponseSchema = z.object({ message: z.string(), note: NoteSchema });
export type NoteResponse = z.infer<typeof NoteResponseSchema>;
export const NoteDeleteResponseSchema = z.object({ message: z.string() });
