import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
