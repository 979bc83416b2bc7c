import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { documentRequestItems } from '../requests/requests.tables.ts';
import { serviceFolders } from '../services/services.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the documents module (documents.repository.ts, file-removals.ts). Other modules reach company
// files through its functions (listItemFiles, storeFiles, removeQueuedFiles, sweepOrphans); the requests
// module's reads of its items embed SQL this module builds for them (filesSql).

/**
 * A company's folder of one period, made from a service's folder template the first time the
 * period is opened. Deleting the company or the template removes it with its files.
 */
export const businessFolders = pgTable(
  'business_folders',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    serviceFolderId: integer('service_folder_id')
      .notNull()
      .references(() => serviceFolders.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
  },
  (table) => [unique('business_folders_unique').on(table.businessId, table.serviceFolderId, table.year, table.month)],
);

/**
 * A file in a company folder: a PDF, or what a client sends (PDF, XML, JPEG, PNG, XLSX,
 * CSV, each recognised by its content, `contentType` the type found). The bytes live in the file storage under `storageKey` (random, never
 * derived from the name); a trigger queues the key in `file_removals` whenever a row goes, however
 * it goes (migration 0006).
 */
export const businessFiles = pgTable(
  'business_files',
  {
    id: serial('id').primaryKey(),
    businessFolderId: integer('business_folder_id')
      .notNull()
      .references(() => businessFolders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull().default('application/pdf'),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** Sent by a client from the portal (kept when the user is deleted or changes role). */
    fromClient: boolean('from_client').notNull().default(false),
    /** The request item it answers, if any. */
    requestItemId: integer('request_item_id').references(() => documentRequestItems.id, { onDelete: 'set null' }),
    /**
     * Why the file stays although its uploader's data was suppressed ('Conservado por obligación
     * tributaria…'), shown beside it; null for every other file.
     */
    retentionReason: text('retention_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('business_files_folder_idx').on(table.businessFolderId),
    index('business_files_request_item_idx').on(table.requestItemId),
    index('business_files_uploaded_by_idx').on(table.uploadedBy),
  ],
);

/** Stored bytes whose row is gone: removed from storage after commit, and again after a restart if interrupted. */
export const fileRemovals = pgTable('file_removals', {
  storageKey: text('storage_key').primaryKey(),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every download: which file, through which link (the user it was issued to, or an e-mail), when. */
export const fileDownloads = pgTable(
  'file_downloads',
  {
    id: serial('id').primaryKey(),
    fileId: integer('file_id')
      .notNull()
      .references(() => businessFiles.id, { onDelete: 'cascade' }),
    via: text('via', { enum: ['portal', 'link', 'email'] }).notNull(),
    /** The user the link was issued to, as named then ('Ana Pérez (Cliente)'); null for an e-mailed link. */
    issuedTo: integer('issued_to').references(() => users.id, { onDelete: 'set null' }),
    issuedToName: text('issued_to_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('file_downloads_file_idx').on(table.fileId)],
);
