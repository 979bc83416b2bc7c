import {
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { businesses } from '../businesses/businesses.tables.ts';
import { serviceFolders, services } from '../services/services.tables.ts';
import { users } from '../users/users.tables.ts';

// Owned by the requests module (requests.repository.ts, request-sends.repository.ts, answered-items.ts).
// The scheduler's reminders and automatic sends read and claim through its functions
// (listReminderCandidates, listMissingItems, claimReminder, listTemplatesSentOn, templatesSentFor,
// claimTemplateSend, releaseTemplateSend); the digest counts through countToReview. The documents module
// reaches the item a deleted file answers through the answered items it is handed (lockAnsweredItem,
// answeredItemChanged).

/**
 * A service's request template: what to ask every company the service applies to, each
 * period. 'Solicitar a todas' sends it for a period; with `sendDay` it also goes out by itself.
 */
export const requestTemplates = pgTable('request_templates', {
  id: serial('id').primaryKey(),
  serviceId: integer('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  /** Day (1-31) of the month after the period when the documents are due (its last day when shorter). */
  dueDay: integer('due_day').notNull(),
  /** Day (1-31) of the month after the period when the requests go out at 09:00 Santiago; null: by hand only. */
  sendDay: integer('send_day'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A document a template asks for, filed into one of its service's folder templates. */
export const requestTemplateItems = pgTable(
  'request_template_items',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serviceFolderId: integer('service_folder_id')
      .notNull()
      .references(() => serviceFolders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('request_template_items_template_idx').on(table.templateId)],
);

/**
 * A request to one company for one period. From a template at most once per company and period
 * (the unique key; manual requests have no template and are not limited).
 */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: serial('id').primaryKey(),
    businessId: integer('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    title: text('title').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    serviceId: integer('service_id').references(() => services.id, { onDelete: 'set null' }),
    templateId: integer('template_id').references(() => requestTemplates.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('document_requests_template_period').on(table.templateId, table.businessId, table.year, table.month),
    index('document_requests_period_idx').on(table.year, table.month),
    index('document_requests_business_idx').on(table.businessId),
  ],
);

/**
 * One document asked for, filed into the company's folder of the request's period made from
 * `serviceFolderId` (made on first upload like any company folder). `status` is what
 * staff decided; whether the client has sent something since is read from its files (a file of
 * the item newer than `reviewedAt`), so an upload writes nothing here.
 */
export const documentRequestItems = pgTable(
  'document_request_items',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => documentRequests.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    serviceFolderId: integer('service_folder_id')
      .notNull()
      .references(() => serviceFolders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    status: text('status', { enum: ['pending', 'received', 'rejected'] })
      .notNull()
      .default('pending'),
    /** Staff's words when asking again ('rejected'); '' otherwise. */
    comment: text('comment').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('document_request_items_request_idx').on(table.requestId)],
);

/** A reminder e-mail claimed before it is sent: once per request and kind, on any number of instances. */
export const requestReminderSends = pgTable(
  'request_reminder_sends',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => documentRequests.id, { onDelete: 'cascade' }),
    /** 'before': 3 days before the due date; 'due': on the due date. */
    kind: text('kind', { enum: ['before', 'due'] }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.requestId, table.kind] })],
);

/** A template sent by itself for a period (sendDay): claimed once, on any number of instances. */
export const requestTemplateSends = pgTable(
  'request_template_sends',
  {
    templateId: integer('template_id')
      .notNull()
      .references(() => requestTemplates.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.templateId, table.year, table.month] })],
);
