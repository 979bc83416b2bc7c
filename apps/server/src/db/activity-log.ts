import type { ActivityAction, ActivityKind } from '@app/shared/activity';
import { inArray, sql } from 'drizzle-orm';
import type { ActivityActor } from '../lib/activity-actor.ts';
import { businesses } from '../modules/businesses/businesses.tables.ts';
import { users } from '../modules/users/users.tables.ts';
import type { DbOrTx } from './client.ts';
import { type ActivityDetails, activity } from './schema/activity.ts';

export interface ActivityEntryInput {
  kind: ActivityKind;
  action: ActivityAction;
  /** The record's id as text; a cell's key as 'businessId:serviceId:YYYY-MM'. */
  recordId?: string | number | null;
  /** How a person knows the record: a company's or service's name, a user's e-mail, a portal's name. */
  recordLabel?: string | null;
  businessId?: number | null;
  /** The company's name when it is already gone (a delete); otherwise read from `businessId`. */
  businessName?: string | null;
  details?: ActivityDetails | null;
  /** Sign-ins name the user before anybody is signed in: the actor's id when the actor has none. */
  actorId?: number | null;
}

/** Keys never written into an entry's details, whatever a caller passes (defence in depth; a test scans too). */
const SECRET_KEY = /pass(word)?|hash|token|secret|recovery|code_?hash|otp/i;

function withoutSecrets(value: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!value) return undefined;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !SECRET_KEY.test(key)));
}

/**
 * Appends one entry to the activity log, in the caller's transaction (`tx`), so the entry and the
 * change it describes are committed together or not at all. The actor's and the company's names are
 * read by the same statement, so one round trip.
 */
export async function recordActivity(tx: DbOrTx, actor: ActivityActor, entry: ActivityEntryInput): Promise<void> {
  await recordActivities(tx, actor, [entry]);
}

/**
 * The same for many entries (a bulk change: one entry per cell, a month's charges), in one
 * statement whose every column is one array parameter: 2,000 entries cost a dozen parameters, not
 * 20,000. The actor's and each company's names are read by the statement itself.
 */
export async function recordActivities(tx: DbOrTx, actor: ActivityActor, entries: ActivityEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  const names = await namesOfReferences(tx, entries);
  const column = (values: unknown[], type: string) => sql`cast(${sql.param(values)} as ${sql.raw(type)}[])`;
  const actorIds = entries.map((entry) => actor.userId ?? entry.actorId ?? null);
  const details = entries.map((entry) =>
    entry.details
      ? JSON.stringify({
          before: named(withoutSecrets(entry.details.before), names),
          after: named(withoutSecrets(entry.details.after), names),
        })
      : null,
  );
  await tx.execute(sql`
    insert into ${activity} (actor_id, actor_name, ip, kind, action, record_id, record_label, business_id, business_name, details)
    select e.actor_id,
           (select trim(${users.name} || ' ' || ${users.lastName}) from ${users} where ${users.id} = e.actor_id),
           ${actor.ip}, e.kind, e.action, e.record_id, e.record_label, e.business_id,
           coalesce(e.business_name, (select ${businesses.name} from ${businesses} where ${businesses.id} = e.business_id)),
           e.details::jsonb
      from unnest(
        ${column(actorIds, 'integer')},
        ${column(
          entries.map((entry) => entry.kind),
          'text',
        )},
        ${column(
          entries.map((entry) => entry.action),
          'text',
        )},
        ${column(
          entries.map((entry) =>
            entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
          ),
          'text',
        )},
        ${column(
          entries.map((entry) => entry.recordLabel ?? null),
          'text',
        )},
        ${column(
          entries.map((entry) => entry.businessId ?? null),
          'integer',
        )},
        ${column(
          entries.map((entry) => entry.businessName ?? null),
          'text',
        )},
        ${column(details, 'text')}
      ) with ordinality as e(actor_id, kind, action, record_id, record_label, business_id, business_name, details, position)
     order by e.position`);
}

/**
 * Detail fields that hold a user's or a company's id: the entry keeps the name instead, since a
 * person reads 'Encargado: Javier Soto → Carolina Muñoz', and the log outlives the records.
 */
const USER_ID_FIELDS = new Set(['responsibleUserId', 'responsableId', 'handledById']);
const BUSINESS_ID_FIELDS = new Set(['businessId']);

interface ReferenceNames {
  users: Map<number, string>;
  businesses: Map<number, string>;
}

/** The names of every user and company the entries' details name by id: at most two queries, none when none. */
async function namesOfReferences(tx: DbOrTx, entries: ActivityEntryInput[]): Promise<ReferenceNames> {
  const userIds = new Set<number>();
  const businessIds = new Set<number>();
  for (const entry of entries) {
    for (const half of [entry.details?.before, entry.details?.after]) {
      for (const [key, value] of Object.entries(half ?? {})) {
        if (typeof value !== 'number') continue;
        if (USER_ID_FIELDS.has(key)) userIds.add(value);
        if (BUSINESS_ID_FIELDS.has(key)) businessIds.add(value);
      }
    }
  }
  const names: ReferenceNames = { users: new Map(), businesses: new Map() };
  if (userIds.size > 0) {
    const found = await tx
      .select({ id: users.id, name: sql<string>`trim(${users.name} || ' ' || ${users.lastName})` })
      .from(users)
      .where(inArray(users.id, [...userIds]));
    for (const row of found) names.users.set(row.id, row.name);
  }
  if (businessIds.size > 0) {
    const found = await tx
      .select({ id: businesses.id, name: businesses.name })
      .from(businesses)
      .where(inArray(businesses.id, [...businessIds]));
    for (const row of found) names.businesses.set(row.id, row.name);
  }
  return names;
}

function named(half: Record<string, unknown> | undefined, names: ReferenceNames) {
  if (!half) return undefined;
  return Object.fromEntries(
    Object.entries(half).map(([key, value]) => {
      if (typeof value !== 'number') return [key, value];
      if (USER_ID_FIELDS.has(key)) return [key, names.users.get(value) ?? `#${value}`];
      if (BUSINESS_ID_FIELDS.has(key)) return [key, names.businesses.get(value) ?? `#${value}`];
      return [key, value];
    }),
  );
}

/**
 * The fields of `after` whose value differs from `before`, as { before, after } halves; null when
 * nothing changed. Only the named fields are compared, so a secret column is never picked up.
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): ActivityDetails | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const field of fields) {
    const a = normalise(before[field]);
    const b = normalise(after[field]);
    if (JSON.stringify(a) !== JSON.stringify(b)) {
      was[field] = a;
      now[field] = b;
    }
  }
  return Object.keys(now).length === 0 ? null : { before: was, after: now };
}

/** Picks the named fields of a record (a created or deleted record's summary). */
export function pickFields<T extends Record<string, unknown>>(
  record: T,
  fields: readonly (keyof T & string)[],
): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field, normalise(record[field])]));
}

const normalise = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));
