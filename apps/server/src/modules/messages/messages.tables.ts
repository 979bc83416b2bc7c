import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { joinedText, searchVector } from '../../lib/subject-search.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the messages module (messages.repository.ts). Other modules reach these rows through its
// functions (postSystemMessage, attachmentKeysAmong), never these tables.

/**
 * One message of a company's thread with the firm: written by staff, by a client user of the company,
 * or by the app (a system line, `side` 'system', no author). Paged by id (newest first) through
 * `messages_thread_idx`. Editing keeps the row and sets `edited_at`; deleting empties `body` and
 * sets `deleted_at` (the row stays as 'mensaje eliminado', its attachments go). `notified_at` is
 * the claim of the unread notice (set once, by whichever instance claims it first) and `notice`
 * what the claim found: true when the other side was told, false when it had read the message.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['staff', 'client', 'system'] }).notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author as named when writing ('Ana Pérez'); kept when the user goes. '' for a system line. */
    authorName: text('author_name').notNull().default(''),
    body: text('body').notNull().default(''),
    /** A system line's link inside the app, or null. */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    notice: boolean('notice'),
  },
  (table) => [
    index('messages_thread_idx').on(table.businessId, table.id),
    index('messages_side_idx').on(table.businessId, table.side, table.id),
    index('messages_notice_due_idx')
      .on(table.createdAt)
      .where(sql`${table.notifiedAt} is null and ${table.side} <> 'system'`),
    check('messages_deleted_body_check', sql`${table.deletedAt} is null or ${table.body} = ''`),
    // 'Buscar titular': a person's own messages, and the messages that name them (lib/subject-search.ts).
    index('messages_author_idx').on(table.authorId),
    index('messages_subject_search_idx').using('gin', searchVector(joinedText(table.authorName, table.body))),
  ],
);

/**
 * A file attached to a message, stored like the documents' uploads (recognised by its content, a
 * random key). Removed with its message's deletion (the bytes too). `filed_*` say where staff filed
 * a copy ('Archivar en documentos').
 */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    filedYear: smallint('filed_year'),
    filedMonth: smallint('filed_month'),
    filedFolderName: text('filed_folder_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('message_attachments_message_idx').on(table.messageId)],
);

/**
 * A thread's summary, one row per company with messages, written with each new message: the newest
 * message, and the newest of each side, so the inbox and the unread counts read one row per company
 * and count only the messages after a user's marker.
 */
export const messageThreads = pgTable('message_threads', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastMessageId: integer('last_message_id').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  /** The newest message a client wrote (0: none). */
  lastClientId: integer('last_client_id').notNull().default(0),
  /** The newest message of the firm: staff or system (0: none). */
  lastFirmId: integer('last_firm_id').notNull().default(0),
});

/** How far a user has read a company's thread (every message up to `last_read_id`), and on which side they read. */
export const messageReads = pgTable(
  'message_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['staff', 'client'] }).notNull(),
    lastReadId: integer('last_read_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.businessId] }),
    index('message_reads_business_idx').on(table.businessId, table.side, table.lastReadId),
  ],
);

/** The firm's settings of messages: one row (id 1). */
export const messageSettings = pgTable(
  'message_settings',
  {
    id: integer('id').primaryKey().default(1),
    notifyAfterMinutes: integer('notify_after_minutes').notNull().default(15),
  },
  (table) => [
    check('message_settings_one_row', sql`${table.id} = 1`),
    check('message_settings_minutes_check', sql`${table.notifyAfterMinutes} between 1 and 1440`),
  ],
);
