import { Readable } from 'node:stream';
import { type ArchiveFormat, dataProtectionMsg } from '@app/shared/messages-data-protection';
import { APP_TIME_ZONE } from '@app/shared/period';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import { type ActivityArchiveRow, activity, activityArchives } from '../../db/schema/activity.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, conflict, notFound } from '../../lib/app-error.ts';
import { CSV_BOM, csvLine } from '../../lib/csv.ts';
import { isInsufficientPrivilege } from '../../lib/db-errors.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import { type ActivityPosition, activityRepository } from './activity.repository.ts';
import { EXPORT_BATCH } from './activity.service.ts';
import { ACTIVITY_CSV_HEADERS, activityCsvCells } from './activity-csv.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The start of a day on the firm's clock, as an instant. */
const santiagoDayStart = (day: string) => dayjs.tz(day, APP_TIME_ZONE).toDate();

export interface OpenedArchive {
  id: number;
  fileName: string;
  contentType: string;
  stream: Readable;
  /** The entries written so far (all of them once the stream ended). */
  rowsWritten(): number;
}

/**
 * The activity log's oldest entries, archived and then purged. An archive is a download of every
 * entry before a day (the first day the firm keeps), read in keyset batches as it is sent, never
 * whole in memory; its row names the last entry it holds and is completed once the download's last
 * byte left. A purge deletes only the entries a completed archive holds, and the database's trigger
 * checks it again row by row (migrations 0036 and 0037).
 */
export function createActivityArchive(db: Db) {
  return {
    /** How many entries there are before the start of `keptFrom` (Santiago). */
    async countBefore(keptFrom: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(activity)
        .where(lt(activity.at, santiagoDayStart(keptFrom)));
      return row?.count ?? 0;
    },

    listArchives(limit: number): Promise<ActivityArchiveRow[]> {
      return db
        .select()
        .from(activityArchives)
        .orderBy(desc(activityArchives.madeAt), desc(activityArchives.id))
        .limit(limit);
    },

    /**
     * Starts an archive of the entries before `keptFrom`: its row first (with the last entry's id it
     * will hold), then the stream. 409 when there is nothing before that day.
     */
    async open(input: {
      format: ArchiveFormat;
      keptFrom: string;
      madeById: number | null;
      madeByName: string;
    }): Promise<OpenedArchive> {
      const beforeAt = santiagoDayStart(input.keptFrom);
      const [last] = await db
        .select({
          maxId: sql<number | null>`max(${activity.id})`.mapWith((value) => (value === null ? null : Number(value))),
        })
        .from(activity)
        .where(lt(activity.at, beforeAt));
      const maxId = last?.maxId ?? null;
      if (maxId === null) throw conflict(dataProtectionMsg.nothingToArchive);
      const [row] = await db
        .insert(activityArchives)
        .values({
          format: input.format,
          keptFrom: input.keptFrom,
          beforeAt,
          maxId,
          madeById: input.madeById,
          madeByName: input.madeByName,
        })
        .returning();
      if (!row) throw new Error('archive insert returned nothing');

      const filters = { before: beforeAt, throughId: maxId };
      let written = 0;
      async function* entries() {
        let after: ActivityPosition | undefined;
        for (;;) {
          const batch = await activityRepository.pageAfter(db, filters, EXPORT_BATCH, after);
          for (const { row: entry } of batch) {
            written += 1;
            yield entry;
          }
          if (batch.length < EXPORT_BATCH) return;
          after = batch.at(-1)?.position;
        }
      }
      const name = `registro-actividad-antes-del-${input.keptFrom}`;
      if (input.format === 'xlsx') {
        const stream = xlsxStream({
          name: 'Registro de actividad',
          columns: ACTIVITY_CSV_HEADERS.map((header) => ({ header, width: header === 'Detalle' ? 80 : 22 })),
          rows: (async function* () {
            for await (const entry of entries()) yield activityCsvCells(entry);
          })(),
        });
        return {
          id: row.id,
          fileName: `${name}.xlsx`,
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          stream,
          rowsWritten: () => written,
        };
      }
      const stream = Readable.from(
        (async function* () {
          yield CSV_BOM + csvLine(ACTIVITY_CSV_HEADERS);
          let lines: string[] = [];
          for await (const entry of entries()) {
            lines.push(csvLine(activityCsvCells(entry)));
            if (lines.length === EXPORT_BATCH) {
              yield lines.join('');
              lines = [];
            }
          }
          if (lines.length) yield lines.join('');
        })(),
      );
      return {
        id: row.id,
        fileName: `${name}.csv`,
        contentType: 'text/csv; charset=utf-8',
        stream,
        rowsWritten: () => written,
      };
    },

    /** The download of an archive ended with its last byte sent: it may now allow a purge. */
    async complete(id: number, rows: number, by: ActivityActor): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(activityArchives)
          .set({ completedAt: new Date(), rows })
          .where(and(eq(activityArchives.id, id), isNull(activityArchives.completedAt)))
          .returning();
        if (row)
          await recordActivity(tx, by, {
            kind: 'activity_log',
            action: 'exported',
            recordId: row.id,
            recordLabel: `Archivo ${row.id}`,
            details: { after: { keptFrom: row.keptFrom, rows, format: row.format } },
          });
      });
    },

    /**
     * Deletes the entries a completed archive holds, in one transaction that names the archive to the
     * database (the trigger lets nothing else through), and logs the purge. `keptFrom` is the first day
     * the firm keeps now: an archive reaching past it (the firm now keeps more) is refused.
     */
    async purge(archiveId: number, keptFrom: string, by: ActivityActor): Promise<number> {
      try {
        return await db.transaction(async (tx) => {
          const [archive] = await tx
            .select()
            .from(activityArchives)
            .where(eq(activityArchives.id, archiveId))
            .for('update');
          if (!archive) throw notFound(dataProtectionMsg.archiveNotFound);
          if (!archive.completedAt) throw conflict(dataProtectionMsg.purgeNeedsArchive);
          if (archive.purgedAt) throw conflict(dataProtectionMsg.archiveAlreadyPurged);
          if (archive.keptFrom > keptFrom) throw conflict(dataProtectionMsg.purgeArchiveStale);
          await tx.execute(sql`select set_config('app.activity_purge_archive', ${String(archive.id)}, true)`);
          const result = await tx.execute(sql`
            with gone as (
              delete from ${activity} where ${activity.at} < ${archive.beforeAt} and ${activity.id} <= ${archive.maxId} returning 1
            ) select count(*)::int as count from gone`);
          const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { count: number }[];
          const purged = Number(rows[0]?.count ?? 0);
          await tx.execute(sql`select set_config('app.activity_purge_archive', '', true)`);
          await tx
            .update(activityArchives)
            .set({ purgedAt: new Date(), purgedRows: purged })
            .where(eq(activityArchives.id, archive.id));
          await recordActivity(tx, by, {
            kind: 'activity_log',
            action: 'purged',
            recordId: archive.id,
            recordLabel: `Archivo ${archive.id}`,
            details: { after: { keptFrom: archive.keptFrom, rows: purged } },
          });
          return purged;
        });
      } catch (error) {
        if (!(error instanceof AppError) && isInsufficientPrivilege(error))
          throw new AppError(409, dataProtectionMsg.purgeRefusedByDatabase);
        throw error;
      }
    },
  };
}

export type ActivityArchive = ReturnType<typeof createActivityArchive>;
