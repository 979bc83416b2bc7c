import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { joinedText, searchVector } from '../../lib/subject-search.ts';

// A platform table: every module writes its entries through db/activity-log.ts (recordActivity) and
// db/cell-history.ts, in its own transaction; the activity module reads it for the owners' page.

/** What changed, field by field: only the fields that changed (never a password, token or hash). */
export interface ActivityDetails {
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * The activity log: append-only for the application. A trigger of migration 0020 refuses
 * UPDATE, DELETE and TRUNCATE (a restore disables user triggers while it loads an archive). No
 * foreign keys: an entry outlives the user, company or record it names, so names are kept as written.
 */
export const activity = pgTable(
  'activity',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in user who acted; null for the scheduler or an anonymous caller (a failed sign-in). */
    actorId: integer('actor_id'),
    actorName: text('actor_name'),
    /** The client address the request came from (request.ip: the socket's, or TRUST_PROXY's). */
    ip: text('ip'),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    recordId: text('record_id'),
    recordLabel: text('record_label'),
    businessId: integer('business_id'),
    businessName: text('business_name'),
    details: jsonb('details').$type<ActivityDetails>(),
  },
  (table) => [
    index('activity_at_idx').on(table.at.desc(), table.id.desc()),
    index('activity_actor_idx').on(table.actorId, table.at.desc(), table.id.desc()),
    index('activity_business_idx').on(table.businessId, table.at.desc(), table.id.desc()),
    index('activity_kind_idx').on(table.kind, table.at.desc(), table.id.desc()),
    index('activity_record_idx')
      .on(table.kind, table.recordId, table.at.desc())
      .where(sql`${table.recordId} is not null`),
    // 'Buscar titular': the entries that name a person by name, e-mail or RUT (lib/subject-search.ts).
    index('activity_subject_search_idx').using(
      'gin',
      searchVector(joinedText(table.actorName, table.recordLabel, sql`${table.details}::text`)),
    ),
  ],
);

export type ActivityRow = typeof activity.$inferSelect;

/**
 * An archive of the activity log's oldest entries, downloaded before they are purged: the entries
 * before `before_at` with an id up to `max_id` when it was made. `completed_at` is written once its
 * last byte was handed to the connection; the activity trigger (migrations 0036 and 0037) lets a DELETE of an entry
 * through only inside a purge that names a completed archive holding that entry.
 */
export const activityArchives = pgTable(
  'activity_archives',
  {
    id: serial('id').primaryKey(),
    format: text('format', { enum: ['csv', 'xlsx'] }).notNull(),
    /** The first day kept ('YYYY-MM-DD', Santiago): the archive holds the entries before it. */
    keptFrom: text('kept_from').notNull(),
    beforeAt: timestamp('before_at', { withTimezone: true }).notNull(),
    maxId: bigint('max_id', { mode: 'number' }).notNull(),
    rows: integer('rows').notNull().default(0),
    madeById: integer('made_by_id'),
    madeByName: text('made_by_name').notNull(),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    purgedRows: integer('purged_rows'),
  },
  (table) => [
    check('activity_archives_purge_check', sql`${table.purgedAt} is null or ${table.completedAt} is not null`),
  ],
);

export type ActivityArchiveRow = typeof activityArchives.$inferSelect;
