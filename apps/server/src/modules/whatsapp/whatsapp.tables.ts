import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the whatsapp module (whatsapp.repository.ts). Other modules queue a notice through its
// `notify` function and never read or write these tables.

/**
 * A company's WhatsApp number (a Chilean mobile as E.164) and its consent to WhatsApp notices.
 * `opt_in_changed_*` say who last turned the consent on or off and when (the activity log keeps
 * every change); the name is kept as written, so it stays when the user is deleted.
 */
export const whatsappContacts = pgTable(
  'whatsapp_contacts',
  {
    businessId: integer('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    phone: text('phone'),
    optedIn: boolean('opted_in').notNull().default(false),
    optInChangedAt: timestamp('opt_in_changed_at', { withTimezone: true }),
    optInChangedBy: integer('opt_in_changed_by').references(() => users.id, { onDelete: 'set null' }),
    optInChangedByName: text('opt_in_changed_by_name'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('whatsapp_contacts_phone_check', sql`${table.phone} ~ '^\\+569[0-9]{8}$'`),
    check('whatsapp_contacts_opt_in_phone', sql`not ${table.optedIn} or ${table.phone} is not null`),
  ],
);

/**
 * A WhatsApp notice to send or sent. The unique key on what it is about (kind, subject, number:
 * the message, request, approval or charge and which of its reminders) makes a notice queued
 * once, however many instances or ticks queue it. The sender claims a due row by moving it to
 * 'sending' in one UPDATE … RETURNING, so one instance sends it. 'sent' means the API answered a
 * message id (WhatsApp accepted it), never that it was delivered or read.
 */
export const whatsappOutbox = pgTable(
  'whatsapp_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['message', 'request', 'approval', 'charge'] }).notNull(),
    /** The message (the newest one told), request, approval or charge. */
    subjectId: integer('subject_id').notNull(),
    /** Which notice of the subject: a reminder's number, a request's 1 (before) or 2 (due), a charge's step. */
    number: integer('number').notNull().default(0),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    params: jsonb('params').$type<string[]>().notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'retrying', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Why it waits, will be tried again or failed (Spanish, shown on screen); null once sent. */
    reason: text('reason'),
    /** Meta's error code of the last refusal. */
    errorCode: integer('error_code'),
    /** The id WhatsApp answered ('wamid.…'). */
    waMessageId: text('wa_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was last queued: its creation, or 'Reintentar'. A row unsent days after it fails. */
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('whatsapp_outbox_notice_key').on(table.kind, table.subjectId, table.number),
    index('whatsapp_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'retrying')`),
    index('whatsapp_outbox_created_idx').on(table.createdAt, table.id),
    index('whatsapp_outbox_business_idx').on(table.businessId),
    check('whatsapp_outbox_sent_check', sql`${table.status} <> 'sent' or ${table.waMessageId} is not null`),
  ],
);

/**
 * The channel's state, one row (id 1): set when WhatsApp refused the token (code 190). The
 * fingerprint (an HMAC made with the token, never the token) names the token it refused: the
 * sender waits while the configured token is that one and starts again once another is configured.
 */
export const whatsappChannel = pgTable(
  'whatsapp_channel',
  {
    id: integer('id').primaryKey().default(1),
    refusedFingerprint: text('refused_fingerprint'),
    refusedReason: text('refused_reason'),
    refusedAt: timestamp('refused_at', { withTimezone: true }),
  },
  (table) => [check('whatsapp_channel_one_row', sql`${table.id} = 1`)],
);
