import { type BusinessCalendar, businessCalendar } from '@app/shared/due-dates-cl';
import { holidaysMsg } from '@app/shared/messages-holidays';
import type { FirmHoliday, FirmHolidayCreateSchema } from '@app/shared/schemas/holidays';
import type { z } from 'zod';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createTableCache, readingTables, type TableChanges } from '../../lib/table-cache.ts';
import { type FirmHolidayRow, holidaysRepository } from './holidays.repository.ts';
import { firmHolidays } from './holidays.tables.ts';

type CreateInput = z.output<typeof FirmHolidayCreateSchema>;

const present = (row: FirmHolidayRow): FirmHoliday => ({ id: row.id, date: row.date, name: row.name });

/**
 * The firm's extra holidays ('Feriados adicionales') and the calendar of business days they make
 * with Chile's national holidays. The calendar is kept in memory while the table is unchanged (any
 * instance's write drops it, through the table's change trigger), so a due date costs no query.
 */
export function createHolidaysService(db: Db, deps: { changes: TableChanges }) {
  const cache = createTableCache<{ holidays: FirmHoliday[]; calendar: BusinessCalendar }>(deps.changes, {
    name: 'firm-holidays',
    tables: [firmHolidays],
    maxEntries: 1,
  });
  const load = () =>
    cache.get('all', async () => {
      const holidays = (await holidaysRepository.list(db)).map(present);
      return { holidays, calendar: businessCalendar(holidays.map((holiday) => holiday.date)) };
    });

  return {
    /** GET /api/holidays: every extra holiday, by date. */
    list: async (): Promise<FirmHoliday[]> => (await load()).holidays,

    /**
     * The firm's calendar of business days (Chile's holidays and the firm's extra ones), for every
     * due date the server computes; carries its table, so a cache built on due dates names it.
     */
    calendar: readingTables([firmHolidays], async (): Promise<BusinessCalendar> => (await load()).calendar),

    /** Adds a day and its activity entry in one transaction; 409 when the day is already one. */
    async create(input: CreateInput, actor: ActivityActor): Promise<FirmHoliday> {
      try {
        return await db.transaction(async (tx) => {
          const row = await holidaysRepository.insert(tx, input);
          await recordActivity(tx, actor, {
            kind: 'holiday',
            action: 'created',
            recordId: row.id,
            recordLabel: `${row.date} ${row.name}`,
            details: { after: { date: row.date, name: row.name } },
          });
          return present(row);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(holidaysMsg.exists, 'date');
        throw error;
      }
    },

    /** Removes a day and writes its activity entry in one transaction; 404 when there is none. */
    async delete(id: number, actor: ActivityActor): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await holidaysRepository.delete(tx, id);
        if (!row) throw notFound(holidaysMsg.notFound);
        await recordActivity(tx, actor, {
          kind: 'holiday',
          action: 'deleted',
          recordId: row.id,
          recordLabel: `${row.date} ${row.name}`,
          details: { before: { date: row.date, name: row.name } },
        });
      });
    },
  };
}

export type HolidaysService = ReturnType<typeof createHolidaysService>;
