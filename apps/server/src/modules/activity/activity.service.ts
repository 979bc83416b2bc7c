import { Readable } from 'node:stream';
import { activityMsg } from '@app/shared/messages-trust';
import { APP_TIME_ZONE } from '@app/shared/period';
import type { ActivityEntry, ActivityPage, ActivityQuerySchema } from '@app/shared/schemas/activity';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityDetails, ActivityRow } from '../../db/schema/activity.ts';
import { badRequest } from '../../lib/app-error.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import type { NewestPage, SubjectMatch, SubjectPage } from '../../lib/subject-search.ts';
import { type ActivityFilters, type ActivityPosition, activityRepository } from './activity.repository.ts';
import { ACTIVITY_CSV_HEADERS, activityCsvCells } from './activity-csv.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Entries read per query by the CSV export: memory stays flat at any size. */
export const EXPORT_BATCH = 1000;

type ActivityQuery = z.output<typeof ActivityQuerySchema>;
export type ActivityFilterQuery = Pick<ActivityQuery, 'userId' | 'businessId' | 'kind' | 'from' | 'to'>;

/** The start of a calendar day on the firm's clock (America/Santiago), as an instant. */
function santiagoDayStart(date: string): Date {
  return dayjs.tz(date, APP_TIME_ZONE).toDate();
}

/** The query's filters as instants: from the start of `from` to the start of the day after `to` (both days included). */
export function filtersOf(query: ActivityFilterQuery): ActivityFilters {
  return {
    userId: query.userId,
    businessId: query.businessId,
    kind: query.kind,
    from: query.from ? santiagoDayStart(query.from) : undefined,
    before: query.to ? santiagoDayStart(dayjs(query.to).add(1, 'day').format('YYYY-MM-DD')) : undefined,
  };
}

export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actorId: row.actorId,
    actorName: row.actorName,
    ip: row.ip,
    kind: row.kind as ActivityEntry['kind'],
    action: row.action as ActivityEntry['action'],
    recordId: row.recordId,
    recordLabel: row.recordLabel,
    businessId: row.businessId,
    businessName: row.businessName,
    details: row.details ?? null,
  };
}

export function createActivityService(db: Db) {
  return {
    /** 'Buscar titular': a page of the entries of the person's account or naming them. */
    aboutSubject: (match: SubjectMatch, page: SubjectPage, tx: DbOrTx = db) =>
      activityRepository.aboutSubject(tx, match, page),
    newestAboutSubject: (match: SubjectMatch, page: NewestPage, tx: DbOrTx = db) =>
      activityRepository.newestAboutSubject(tx, match, page),
    /** A suppression's pseudonym in these entries' names and details, in the caller's transaction. */
    pseudonymise: (
      tx: DbOrTx,
      changes: { id: number; actorName: string | null; recordLabel: string | null; details: ActivityDetails | null }[],
    ) => activityRepository.pseudonymise(tx, changes),

    /** One page, newest first; `cursor` is the id of the last entry of the page before. */
    async page(query: ActivityQuery): Promise<ActivityPage> {
      let after: ActivityPosition | undefined;
      if (query.cursor) {
        after = await activityRepository.positionOf(db, Number(query.cursor));
        if (!after) throw badRequest(activityMsg.invalidCursor, 'cursor');
      }
      const found = await activityRepository.pageAfter(db, filtersOf(query), query.limit + 1, after);
      const rows = found.slice(0, query.limit).map(({ row }) => presentActivity(row));
      const last = rows.at(-1);
      return { rows, nextCursor: found.length > query.limit && last ? String(last.id) : null };
    },

    /**
     * Every entry the filters match as CSV text (BOM, header, one line per entry), read in keyset
     * batches of EXPORT_BATCH and sent as it is read: never the whole log in memory.
     */
    exportCsv(query: ActivityFilterQuery): Readable {
      const filters = filtersOf(query);
      async function* chunks(): AsyncGenerator<string> {
        yield CSV_BOM + csvLine(ACTIVITY_CSV_HEADERS);
        let after: ActivityPosition | undefined;
        for (;;) {
          const batch = await activityRepository.pageAfter(db, filters, EXPORT_BATCH, after);
          if (batch.length) yield batch.map(({ row }) => csvLine(activityCsvCells(row))).join('');
          if (batch.length < EXPORT_BATCH) return;
          after = batch.at(-1)?.position;
        }
      }
      return Readable.from(chunks());
    },
  };
}

export type ActivityService = ReturnType<typeof createActivityService>;
