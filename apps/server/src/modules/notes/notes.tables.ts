import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { searchVector } from '../../lib/subject-search.ts';
import { emailLog } from '../email/email.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the notes module (notes.repository.ts). The scheduler claims due reminders and records their
// e-mail through its functions (claimDueReminders, setReminderEmail).

/**
 * A note for a staff member, with an optional reminder moment. Deleting the
 * assignee deletes their notes: a note nobody can read or act on is of no use.
 */
export const notes = pgTable(
  'notes',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reminder: timestamp('reminder', { withTimezone: true }),
    /** When the scheduler sent this reminder (push and e-mail); null until then, and again when the reminder changes. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * The e-mail log entry of the reminder's e-mail: the list reads from it whether the mail really
     * left or only reached the outbox (or failed). Null while pending, and when no e-mail was written.
     */
    reminderEmailLogId: integer('reminder_email_log_id').references(() => emailLog.id, { onDelete: 'set null' }),
    done: boolean('done').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notes_user_id_index').on(table.userId),
    // The scheduler's question: which reminders are due and not sent yet.
    index('notes_pending_reminder_index').on(table.reminder).where(sql`${table.reminderSentAt} is null`),
    // 'Buscar titular': the notes that name a person (lib/subject-search.ts).
    index('notes_subject_search_idx').using('gin', searchVector(table.description)),
  ],
);

export type NoteRow = typeof notes.$inferSelect;
export type NewNoteRow = typeof notes.$inferInsert;
