import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
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
import { users } from '../users/users.tables.ts';

// Owned by the data-protection module (data-protection.repository.ts). Other modules reach these rows
// through its functions: the scheduler's morning digest asks `rightsDueFor` for the requests each owner
// must answer soon. The folder templates' years of retention live on `service_folders` (the services
// module's table), the activity log's archives beside the activity log (db/schema/activity.ts).

/**
 * A request a person made to exercise a right over their personal data (Ley 19.628, arts. 4 to 11, as
 * Ley 21.719 wrote them): who, what, when it came in and by which channel, the law's term to answer
 * (`first_due_on`: thirty calendar days) and the term in force (`due_on`: the first, or the one
 * 'Prorrogar' set once), and the answer. Kept after it is answered: it is the firm's evidence.
 */
export const rightsRequests = pgTable(
  'rights_requests',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', {
      enum: ['access', 'rectification', 'erasure', 'objection', 'portability', 'blocking'],
    }).notNull(),
    requesterName: text('requester_name').notNull(),
    requesterEmail: text('requester_email').notNull(),
    requesterRut: text('requester_rut'),
    receivedOn: date('received_on').notNull(),
    channel: text('channel', { enum: ['email', 'form', 'portal', 'letter', 'in_person', 'other'] }).notNull(),
    description: text('description').notNull().default(''),
    temporaryBlock: boolean('temporary_block').notNull().default(false),
    temporaryBlockDueOn: date('temporary_block_due_on'),
    firstDueOn: date('first_due_on').notNull(),
    dueOn: date('due_on').notNull(),
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    extensionReason: text('extension_reason'),
    status: text('status', { enum: ['received', 'in_progress', 'extended', 'answered', 'rejected'] })
      .notNull()
      .default('received'),
    answerText: text('answer_text').notNull().default(''),
    answeredOn: date('answered_on'),
    handledById: integer('handled_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('rights_requests_open_idx').on(table.dueOn).where(sql`${table.status} not in ('answered', 'rejected')`),
    index('rights_requests_received_idx').on(table.receivedOn.desc(), table.id.desc()),
    // Extended once, and only by 'Prorrogar': the state says so exactly when the date is set.
    check(
      'rights_requests_extension_check',
      sql`(${table.extendedAt} is null) = (${table.dueOn} = ${table.firstDueOn})`,
    ),
    check('rights_requests_extended_check', sql`${table.status} <> 'extended' or ${table.extendedAt} is not null`),
    check(
      'rights_requests_answer_check',
      sql`${table.status} not in ('answered', 'rejected') or (${table.answeredOn} is not null and length(${table.answerText}) > 0)`,
    ),
    check('rights_requests_block_check', sql`${table.temporaryBlock} = (${table.temporaryBlockDueOn} is not null)`),
  ],
);

/**
 * A security incident that reached personal data (art. 14 sexies): when it was detected, what
 * happened, which data and how many people, the measures taken, and the notices given to the Agencia
 * de Protección de Datos Personales and to the people, each with its day and how.
 */
export const securityIncidents = pgTable(
  'security_incidents',
  {
    id: serial('id').primaryKey(),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    dataCategories: text('data_categories').array().notNull(),
    peopleAffected: integer('people_affected'),
    measures: text('measures').notNull().default(''),
    agencyNotifiedOn: date('agency_notified_on'),
    agencyNoticeHow: text('agency_notice_how').notNull().default(''),
    peopleNotifiedOn: date('people_notified_on'),
    peopleNoticeHow: text('people_notice_how').notNull().default(''),
    status: text('status', { enum: ['open', 'contained', 'closed'] })
      .notNull()
      .default('open'),
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    recordedByName: text('recorded_by_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('security_incidents_detected_idx').on(table.detectedAt.desc(), table.id.desc()),
    check('security_incidents_people_check', sql`${table.peopleAffected} is null or ${table.peopleAffected} >= 0`),
  ],
);

/** The firm's privacy notice: each publication a new version (1, 2, …), never changed afterwards. */
export const privacyNoticeVersions = pgTable('privacy_notice_versions', {
  id: serial('id').primaryKey(),
  version: integer('version').notNull().unique(),
  text: text('text').notNull(),
  publishedById: integer('published_by_id').references(() => users.id, { onDelete: 'set null' }),
  publishedByName: text('published_by_name').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * 'He leído el aviso': who acknowledged which version, when and from where. The user's name and
 * e-mail are kept as they were, so the record outlives the user; one row per user and version.
 */
export const privacyNoticeAcks = pgTable(
  'privacy_notice_acks',
  {
    id: serial('id').primaryKey(),
    versionId: integer('version_id')
      .notNull()
      .references(() => privacyNoticeVersions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    userEmail: text('user_email').notNull(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (table) => [uniqueIndex('privacy_notice_acks_user_version_idx').on(table.userId, table.versionId)],
);

/** A legal hold on a company: while it stands none of its files is proposed for deletion. */
export const legalHolds = pgTable('legal_holds', {
  businessId: integer('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  setById: integer('set_by_id').references(() => users.id, { onDelete: 'set null' }),
  setByName: text('set_by_name').notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A list of files past their retention on a day, computed on demand ('Calcular propuesta') or once a
 * year by the scheduler, for an owner to confirm (their deletion) or discard. A scheduled one is
 * unique per year, so several instances compute it once.
 */
export const retentionProposals = pgTable(
  'retention_proposals',
  {
    id: serial('id').primaryKey(),
    asOf: date('as_of').notNull(),
    source: text('source', { enum: ['manual', 'scheduled'] }).notNull(),
    scheduledYear: smallint('scheduled_year'),
    status: text('status', { enum: ['open', 'confirmed', 'discarded'] })
      .notNull()
      .default('open'),
    truncated: boolean('truncated').notNull().default(false),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedById: integer('closed_by_id').references(() => users.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('retention_proposals_scheduled_year_idx')
      .on(table.scheduledYear)
      .where(sql`${table.source} = 'scheduled'`),
    // One proposal open at a time: a new one replaces (discards) the open one in the same transaction.
    uniqueIndex('retention_proposals_one_open_idx').on(table.status).where(sql`${table.status} = 'open'`),
    check(
      'retention_proposals_scheduled_check',
      sql`(${table.source} = 'scheduled') = (${table.scheduledYear} is not null)`,
    ),
  ],
);

/**
 * The files a proposal lists, as they were when it was computed (the company's and the file's names
 * outlive the file), and what became of each at confirmation: deleted, or skipped with the reason.
 */
export const retentionProposalFiles = pgTable(
  'retention_proposal_files',
  {
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => retentionProposals.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').notNull(),
    businessId: integer('business_id').notNull(),
    businessName: text('business_name').notNull(),
    fileName: text('file_name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    /** The folder template whose years of retention it was kept under. */
    serviceFolderId: integer('service_folder_id').notNull(),
    serviceName: text('service_name').notNull(),
    folderName: text('folder_name').notNull(),
    retentionYears: smallint('retention_years').notNull(),
    outcome: text('outcome', { enum: ['pending', 'deleted', 'skipped'] })
      .notNull()
      .default('pending'),
    outcomeReason: text('outcome_reason'),
  },
  (table) => [primaryKey({ columns: [table.proposalId, table.fileId] })],
);

/** The firm's data protection settings, one row: how many years the activity log keeps (null: all). */
export const dataProtectionSettings = pgTable(
  'data_protection_settings',
  {
    id: integer('id').primaryKey().default(1),
    activityRetentionYears: smallint('activity_retention_years'),
    updatedById: integer('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('data_protection_settings_single_row', sql`${table.id} = 1`),
    check(
      'data_protection_settings_years_check',
      sql`${table.activityRetentionYears} is null or ${table.activityRetentionYears} between 1 and 50`,
    ),
  ],
);
