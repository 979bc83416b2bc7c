import { createHash, randomBytes } from 'node:crypto';
import { santiagoDate } from '@app/shared/current-period';
import { type BusinessCalendar, serviceDueDates } from '@app/shared/due-dates-cl';
import { taxCalendarMsg } from '@app/shared/messages-tax-calendar';
import { type Period, periodBounds } from '@app/shared/period';
import type {
  CalendarFeedStatus,
  TaxCalendarMonth,
  TaxCalendarMonthQuery,
  TaxObligation,
  TaxYearDateInput,
  TaxYearEntryView,
  TaxYearImportPreview,
} from '@app/shared/schemas/tax-calendar';
import {
  overlayTaxYear,
  periodOfAnnualDate,
  SHIPPED_TAX_YEAR_DATES,
  TAX_YEAR_KEYS,
  type TaxYearDate,
  type TaxYearEntry,
} from '@app/shared/tax-year-calendar';
import type { SQL, Table } from 'drizzle-orm';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import { readSheet } from '../../lib/sheet-upload.ts';
import { createTableCache, readingTables, type TableChanges, type TablesRead } from '../../lib/table-cache.ts';
import type { Vault } from '../../lib/vault.ts';
import { taxCalendarRepository } from './tax-calendar.repository.ts';
import { taxYearDates } from './tax-calendar.tables.ts';
import { previewTaxYearLines, readTaxYearLines, TAX_YEAR_SHEET_RULES } from './tax-year-import.ts';

/** A tax-year file with invalid lines: nothing was written; each line says why. */
export class TaxYearImportRefused extends AppError {
  constructor(readonly lines: TaxYearImportPreview['lines']) {
    super(400, taxCalendarMsg.importHasErrors);
  }
}

/** A service as the calendar reads it (services module). */
export interface CalendarService {
  service: {
    id: number;
    name: string;
    dueDay: number | null;
    dueDayElectronic: number | null;
    catalogueKey?: string | null;
  };
  states: { id: number; order: number }[];
}

export interface TaxCalendarDeps {
  changes: TableChanges;
  vault: Vault;
  /** The firm's calendar of business days, its extra holidays included (holidays module). */
  businessCalendar(): Promise<BusinessCalendar>;
  /** Services active in a month (1-12), by order, with their states (services module). */
  listServicesForMonth: ((month: number) => Promise<CalendarService[]>) & TablesRead;
  /** The SQL of the companies, links and saved cells a count embeds, each from the module that owns it. */
  countSql: {
    activeCompanies(firstDay: string, lastDay: string, responsible?: number | 'none'): SQL;
    applyingLinks(lastDay: string): SQL;
    savedCells(year: number, month: number): SQL;
  };
  /** A user's role now (users module): a feed answers only while its user is staff. */
  findUser(id: number): Promise<{ role: string } | undefined>;
  /** The clock lateness is judged by (tests set it). */
  now?: () => Date;
}

const pad = (value: number) => String(value).padStart(2, '0');
const addDays = (iso: string, days: number) => {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
const shiftMonth = (period: Period, by: number): Period => {
  const index = period.year * 12 + (period.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
const monthOf = (iso: string): Period => ({ year: Number(iso.slice(0, 4)), month: Number(iso.slice(5, 7)) });
const labelOf = (key: string) => (TAX_YEAR_KEYS as Record<string, string>)[key] ?? key;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const feedPath = (token: string) => `/api/calendar-feed/${token}.ics`;

/** The id of the state with the highest order: a cell there is done. */
const lastStateOf = (states: readonly { id: number; order: number }[]) =>
  states.reduce<{ id: number; order: number } | undefined>(
    (last, state) => (!last || state.order >= last.order ? state : last),
    undefined,
  )?.id ?? null;

/** 'Calendario AT' (the tax year's annual dates), the month's due obligations and the personal calendar feed. */
export function createTaxCalendarService(db: Db, deps: TaxCalendarDeps) {
  const now = deps.now ?? (() => new Date());

  // The firm's edits change a few times a year; every board of a month with annual services reads them.
  const editsCache = createTableCache<TaxYearDate[]>(deps.changes, {
    name: 'tax-year-dates',
    tables: [taxYearDates],
    maxEntries: 1,
  });
  const edits = () => editsCache.get('all', () => taxCalendarRepository.listEdits(db));

  async function yearEntries(taxYear: number): Promise<TaxYearEntry[]> {
    return overlayTaxYear(taxYear, await edits());
  }

  /** `(key, taxYear) => 'YYYY-MM-DD' | null`: the shipped dates with the firm's edits over them. */
  async function annualLookup(): Promise<(key: string, taxYear: number) => string | null> {
    const byKey = new Map<string, string>();
    for (const entry of SHIPPED_TAX_YEAR_DATES) byKey.set(`${entry.key}@${entry.taxYear}`, entry.date);
    for (const entry of await edits()) byKey.set(`${entry.key}@${entry.taxYear}`, entry.date);
    return (key, taxYear) => byKey.get(`${key}@${taxYear}`) ?? null;
  }

  const present = (entry: TaxYearEntry): TaxYearEntryView => ({ ...entry, label: labelOf(entry.key) });

  /**
   * The obligations of one period's work: per service, its due date for online and paper filers (one
   * obligation when both are the same day) with how many companies are done, pending and late,
   * counted in one aggregate query.
   */
  async function periodObligations(
    period: Period,
    range: { from: string; to: string },
    responsible: number | 'none' | undefined,
    today: string,
    lookup: (key: string, taxYear: number) => string | null,
    calendar: BusinessCalendar,
  ): Promise<TaxObligation[]> {
    const services = await deps.listServicesForMonth(period.month);
    const dated = services.map((entry) => ({ entry, due: serviceDueDates(entry.service, period, lookup, calendar) }));
    const within = (date: string | null) => date !== null && date >= range.from && date <= range.to;
    // Only the services due within the range are counted: most periods have none there, and skip the query.
    const withDate = dated.filter(({ due }) => within(due.paper) || within(due.electronic));
    if (withDate.length === 0) return [];
    const { firstDay, lastDay } = periodBounds(period);
    const counts = await taxCalendarRepository.countCells(
      db,
      {
        activeCompanies: deps.countSql.activeCompanies(firstDay, lastDay, responsible),
        applyingLinks: deps.countSql.applyingLinks(lastDay),
        savedCells: deps.countSql.savedCells(period.year, period.month),
      },
      withDate.map(({ entry }) => entry.service.id),
    );
    const obligations: TaxObligation[] = [];
    for (const { entry, due } of withDate) {
      const firstState = entry.states[0]?.id ?? null;
      const lastState = lastStateOf(entry.states);
      const tally = (filing: boolean | null, date: string) => {
        let done = 0;
        let open = 0;
        for (const count of counts) {
          if (count.serviceId !== entry.service.id) continue;
          if (filing !== null && count.electronicFiling !== filing) continue;
          const state = count.stateId ?? firstState;
          if (state !== null && state === lastState) done += count.count;
          else open += count.count;
        }
        const late = today > date;
        return { done, pending: late ? 0 : open, late: late ? open : 0 };
      };
      const base = {
        kind: 'service' as const,
        serviceId: entry.service.id,
        key: entry.service.catalogueKey ?? null,
        name: entry.service.name,
        year: period.year,
        month: period.month,
        doneStateId: lastState,
      };
      const parts: [TaxObligation['filing'], boolean | null, string | null][] =
        due.paper === due.electronic
          ? [['all', null, due.electronic]]
          : [
              ['electronic', true, due.electronic],
              ['paper', false, due.paper],
            ];
      for (const [filing, electronic, date] of parts) {
        if (date === null || !within(date)) continue;
        const counted = tally(electronic, date);
        if (counted.done + counted.pending + counted.late === 0) continue;
        obligations.push({ ...base, filing, date, ...counted });
      }
    }
    return obligations;
  }

  /** The annual dates between two days whose key no service carries (those are the services' own obligations). */
  async function annualBetween(from: string, to: string, serviceKeys: ReadonlySet<string>): Promise<TaxObligation[]> {
    const years = [...new Set([Number(from.slice(0, 4)), Number(to.slice(0, 4))])];
    const entries = (await Promise.all(years.map(yearEntries))).flat();
    return entries
      .filter((entry) => entry.date >= from && entry.date <= to && !serviceKeys.has(entry.key))
      .map((entry) => {
        const period = periodOfAnnualDate(entry.date);
        return {
          date: entry.date,
          kind: 'annual' as const,
          serviceId: null,
          key: entry.key,
          name: labelOf(entry.key),
          filing: null,
          year: period.year,
          month: period.month,
          done: 0,
          pending: 0,
          late: 0,
          doneStateId: null,
        };
      });
  }

  /** Every obligation due between two days (inclusive): the periods whose work can fall due then. */
  async function obligationsBetween(
    from: string,
    to: string,
    responsible: number | 'none' | undefined,
    today: string,
  ): Promise<TaxObligation[]> {
    const [lookup, calendar] = await Promise.all([annualLookup(), deps.businessCalendar()]);
    // A period's work falls due in the month after it, or (a due day past a short month's end moved
    // past a weekend or holiday) in the first days of the month after that; an annual service's in
    // its own month.
    const first = shiftMonth(monthOf(from), -2);
    const last = monthOf(to);
    const periods: Period[] = [];
    for (let period = first; period.year * 12 + period.month <= last.year * 12 + last.month; ) {
      periods.push(period);
      period = shiftMonth(period, 1);
    }
    const perPeriod = await Promise.all(
      periods.map((period) => periodObligations(period, { from, to }, responsible, today, lookup, calendar)),
    );
    const services = perPeriod.flat();
    const serviceKeys = new Set(services.flatMap((obligation) => (obligation.key ? [obligation.key] : [])));
    const annual = await annualBetween(from, to, serviceKeys);
    return [...services, ...annual].sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.name.localeCompare(b.name, 'es') ||
        (a.filing ?? '').localeCompare(b.filing ?? ''),
    );
  }

  return {
    /** `(key, taxYear) => date | null` over the shipped data and the firm's edits, and the table it reads. */
    annualDueDates: readingTables([taxYearDates], annualLookup),

    /** A key's date in a tax year: the firm's edit when there is one, else the shipped date, else null. */
    async annualDueDate(catalogueKey: string, taxYear: number): Promise<string | null> {
      return (await annualLookup())(catalogueKey, taxYear);
    },

    async listYear(taxYear: number) {
      return { taxYear, entries: (await yearEntries(taxYear)).map(present) };
    },

    /**
     * Saves the firm's date of a key for a tax year (replacing a shipped one, or adding a key), with
     * its activity entry (the date in force before and after) in the same transaction.
     */
    async saveDate(actor: ActivityActor, taxYear: number, key: string, input: TaxYearDateInput) {
      if (Number(input.date.slice(0, 4)) !== taxYear) throw badRequest(taxCalendarMsg.dateOutsideYear(taxYear), 'date');
      const before = (await yearEntries(taxYear)).find((candidate) => candidate.key === key);
      await db.transaction(async (tx) => {
        await taxCalendarRepository.upsert(tx, { key, taxYear, ...input }, actor.userId);
        await recordActivity(tx, actor, {
          kind: 'tax_year_date',
          action: before ? 'updated' : 'created',
          recordId: `${taxYear}/${key}`,
          recordLabel: `AT ${taxYear}: ${labelOf(key)}`,
          details: {
            before: before ? { date: before.date, confirmed: before.confirmed } : undefined,
            after: { date: input.date, confirmed: input.confirmed },
          },
        });
      });
      const entry = (await yearEntries(taxYear)).find((candidate) => candidate.key === key);
      return { message: taxCalendarMsg.dateSaved, entry: entry ? present(entry) : null };
    },

    /** Removes the firm's date: a shipped key shows its shipped date again, an added one is gone. */
    async removeDate(actor: ActivityActor, taxYear: number, key: string) {
      const before = (await yearEntries(taxYear)).find((candidate) => candidate.key === key);
      await db.transaction(async (tx) => {
        const removed = await taxCalendarRepository.remove(tx, key, taxYear);
        if (!removed) throw notFound(taxCalendarMsg.dateNotEdited);
        await recordActivity(tx, actor, {
          kind: 'tax_year_date',
          action: 'deleted',
          recordId: `${taxYear}/${key}`,
          recordLabel: `AT ${taxYear}: ${labelOf(key)}`,
          details: { before: before ? { date: before.date, confirmed: before.confirmed } : undefined },
        });
      });
      const entry = (await yearEntries(taxYear)).find((candidate) => candidate.key === key);
      return {
        message: entry ? taxCalendarMsg.dateReset : taxCalendarMsg.dateRemoved,
        entry: entry ? present(entry) : null,
      };
    },

    /** Every line of a tax-year file against the dates in force: new, changed, unchanged or invalid. Writes nothing. */
    async previewImport(taxYear: number, bytes: Buffer): Promise<TaxYearImportPreview> {
      const lines = readTaxYearLines(await readSheet(bytes, TAX_YEAR_SHEET_RULES), taxYear);
      const inForce = new Map((await yearEntries(taxYear)).map((entry) => [entry.key, entry]));
      const shown = previewTaxYearLines(lines, inForce);
      const count = (status: TaxYearImportPreview['lines'][number]['status']) =>
        shown.filter((line) => line.status === status).length;
      return {
        lines: shown,
        counts: {
          new: count('new'),
          changed: count('changed'),
          unchanged: count('unchanged'),
          invalid: count('invalid'),
        },
      };
    },

    /** Writes the file's new and changed dates in one transaction, or nothing when a line is invalid. */
    async confirmImport(actor: ActivityActor, taxYear: number, bytes: Buffer) {
      const { lines } = await this.previewImport(taxYear, bytes);
      if (lines.some((line) => line.status === 'invalid')) throw new TaxYearImportRefused(lines);
      const writes = lines.filter((line) => line.status === 'new' || line.status === 'changed');
      await db.transaction(async (tx) => {
        for (const line of writes) {
          await taxCalendarRepository.upsert(
            tx,
            {
              key: line.key as string,
              taxYear,
              date: line.date as string,
              confirmed: line.confirmed,
              source: line.source,
              note: line.note,
            },
            actor.userId,
          );
        }
        if (writes.length > 0)
          await recordActivity(tx, actor, {
            kind: 'tax_year_date',
            action: 'imported',
            recordId: String(taxYear),
            recordLabel: `AT ${taxYear}: ${writes.length} ${writes.length === 1 ? 'fecha' : 'fechas'}`,
            details: { after: Object.fromEntries(writes.map((line) => [line.key as string, line.date as string])) },
          });
      });
      const created = lines.filter((line) => line.status === 'new').length;
      const changed = writes.length - created;
      const unchanged = lines.length - writes.length;
      return { message: taxCalendarMsg.imported(created, changed), created, changed, unchanged };
    },

    /**
     * The month's due obligations (the work of the periods falling due in it) and today's week's, each
     * with how many companies are done, pending and late; of one owner's companies when asked.
     */
    async month(query: TaxCalendarMonthQuery): Promise<TaxCalendarMonth> {
      const today = santiagoDate(now());
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
      const weekStart = addDays(today, -weekday);
      const weekEnd = addDays(weekStart, 6);
      const firstDay = `${query.anio}-${pad(query.mes)}-01`;
      const lastDay = periodBounds({ year: query.anio, month: query.mes }).lastDay;
      // One pass when today's week touches the shown month (they share their periods), else two.
      const near = weekStart <= lastDay && weekEnd >= firstDay;
      const [monthly, weekly] = near
        ? await obligationsBetween(
            firstDay < weekStart ? firstDay : weekStart,
            lastDay > weekEnd ? lastDay : weekEnd,
            query.encargado,
            today,
          ).then((both): [TaxObligation[], TaxObligation[]] => [both, both])
        : await Promise.all([
            obligationsBetween(firstDay, lastDay, query.encargado, today),
            obligationsBetween(weekStart, weekEnd, query.encargado, today),
          ]);
      const obligations = monthly.filter((entry) => entry.date >= firstDay && entry.date <= lastDay);
      const week = weekly.filter((entry) => entry.date >= weekStart && entry.date <= weekEnd);
      return { year: query.anio, month: query.mes, today, weekStart, weekEnd, obligations, week };
    },

    /**
     * The feed's events: the obligations from `daysBack` days before today to `daysAhead` after it.
     * Past dates stay in the feed (a calendar app removes what a feed stops listing), with their
     * counts of today.
     */
    async feedObligations(responsible: number | undefined, window: { daysBack: number; daysAhead: number }) {
      const today = santiagoDate(now());
      return obligationsBetween(addDays(today, -window.daysBack), addDays(today, window.daysAhead), responsible, today);
    },

    // ------------------------------------------------------------ calendar feed
    async feedStatus(userId: number): Promise<CalendarFeedStatus> {
      const row = await taxCalendarRepository.feedOf(db, userId);
      if (!row) return { active: false, path: null, createdAt: null };
      return {
        active: true,
        path: feedPath(deps.vault.decrypt(row.tokenEncrypted)),
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** A new random address for the user's feed; the previous one stops working at once. */
    async newFeed(userId: number): Promise<CalendarFeedStatus> {
      const token = randomBytes(32).toString('base64url');
      const row = await taxCalendarRepository.replaceFeed(db, userId, hashToken(token), deps.vault.encrypt(token));
      return { active: true, path: feedPath(token), createdAt: row.createdAt.toISOString() };
    },

    async revokeFeed(userId: number): Promise<void> {
      await taxCalendarRepository.removeFeed(db, userId);
    },

    /** The feed's owner for a token: its user id and role, or 404 (unknown, revoked, or its user no longer staff). */
    async feedOwner(token: string): Promise<{ userId: number; role: 'owner' | 'collaborator' }> {
      const row = /^[A-Za-z0-9_-]{43}$/.test(token)
        ? await taxCalendarRepository.feedByHash(db, hashToken(token))
        : undefined;
      const user = row ? await deps.findUser(row.userId) : undefined;
      if (!row || !user || (user.role !== 'owner' && user.role !== 'collaborator')) {
        throw notFound(taxCalendarMsg.feedNotFound);
      }
      return { userId: row.userId, role: user.role };
    },
  };
}

export type TaxCalendarService = ReturnType<typeof createTaxCalendarService>;
/** The tables 'Calendario AT' keeps (the monthly board's kept parts name them). */
export const TAX_CALENDAR_TABLES: readonly Table[] = [taxYearDates];
