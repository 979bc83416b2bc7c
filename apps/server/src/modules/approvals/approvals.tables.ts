import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { businessFiles } from '../documents/documents.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the approvals module (approvals.repository.ts). Other modules reach these rows through its
// functions: the documents module asks `fileApprovedAs` before replacing or deleting a file, the backup
// and the documents' orphan sweep keep the PDFs uploaded with a request (`keysAmong`).

/**
 * A request that a company's client approve one document ('Solicitar aprobación'), and the answer:
 * a simple electronic signature. The document is a company file (`file_id`) or a PDF uploaded with
 * the request and kept by this module (`storage_key`); either way its name, size and the SHA-256 of
 * its exact bytes at the moment of the request are kept here, so the certificate outlives the file.
 * Who asked, who answered (name and e-mail as they were), when, from which address and browser are
 * written once, by the transitions pending → approved | rejected | cancelled.
 */
export const approvals = pgTable(
  'approvals',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => businessFiles.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').unique(),
    source: text('source', { enum: ['file', 'upload'] }).notNull(),
    documentName: text('document_name').notNull(),
    documentSize: bigint('document_size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    sha256: text('sha256').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    reminderDays: smallint('reminder_days').notNull().default(3),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] })
      .notNull()
      .default('pending'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    answeredBy: integer('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredByName: text('answered_by_name'),
    answeredByEmail: text('answered_by_email'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answerIp: text('answer_ip'),
    answerUserAgent: text('answer_user_agent'),
    comment: text('comment'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledByName: text('cancelled_by_name'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [
    index('approvals_business_idx').on(table.businessId, table.requestedAt.desc(), table.id.desc()),
    index('approvals_file_idx').on(table.fileId),
    // One pending request per company file at a time (two requests at once: one wins).
    uniqueIndex('approvals_one_pending_per_file_idx').on(table.fileId).where(sql`${table.status} = 'pending'`),
    index('approvals_pending_idx').on(table.requestedAt).where(sql`${table.status} = 'pending'`),
    check('approvals_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    check('approvals_reminder_days_check', sql`${table.reminderDays} between 1 and 30`),
    check(
      'approvals_source_check',
      sql`(${table.source} = 'upload' and ${table.storageKey} is not null) or (${table.source} = 'file' and ${table.storageKey} is null)`,
    ),
    check(
      'approvals_answer_check',
      sql`(${table.status} in ('approved', 'rejected')) = (${table.answeredAt} is not null and ${table.answeredByName} is not null)`,
    ),
    check(
      'approvals_reject_comment_check',
      sql`${table.status} <> 'rejected' or coalesce(length(trim(${table.comment})), 0) > 0`,
    ),
    check('approvals_cancel_check', sql`(${table.status} = 'cancelled') = (${table.cancelledAt} is not null)`),
  ],
);

/**
 * The reminders of a pending approval: the `number`-th falls due `number × reminder_days` days after
 * the request. Its row is claimed (inserted) before the mail goes, so two instances or two ticks
 * send it once; `email_log_id` names the e-mail log's entry (sent, kept in the outbox, or failed).
 */
export const approvalReminders = pgTable(
  'approval_reminders',
  {
    approvalId: integer('approval_id')
      .notNull()
      .references(() => approvals.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    emailLogId: integer('email_log_id'),
  },
  (table) => [primaryKey({ columns: [table.approvalId, table.number] })],
);
