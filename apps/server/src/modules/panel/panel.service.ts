import { AGING_BUCKET_LABELS, AGING_BUCKETS, type AgingBucket } from '@app/shared/billing';
import { compareNames } from '@app/shared/collator';
import { cellPunctuality } from '@app/shared/due-dates';
import { type BusinessCalendar, serviceDueDates } from '@app/shared/due-dates-cl';
import { boardMsg } from '@app/shared/messages-board';
import { panelMsg, REQUEST_AGE_BUCKETS, type RequestAgeBucket, requestAgeBucket } from '@app/shared/messages-panel';
import { currentPeriod, type Period, periodBounds, santiagoDate } from '@app/shared/period';
import {
  type PanelBilling,
  PanelBillingSchema,
  type PanelProgress,
  type PanelProgressQuery,
  PanelProgressSchema,
  type PanelPunctuality,
  PanelPunctualitySchema,
  type PanelRequestAge,
  PanelRequestAgeSchema,
  type PanelResponsibleQuery,
  type PanelWorkload,
  PanelWorkloadSchema,
} from '@app/shared/schemas/panel';
import type { SQL, Table } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import { createBuiltJsonCache, type TableChanges, type TablesRead } from '../../lib/table-cache.ts';
import { type PanelCellCount, panelRepository } from './panel.repository.ts';

/** A service of a month as the panel reads it (services module): its due days and its states in order. */
export interface PanelService {
  service: {
    id: number;
    name: string;
    dueDay: number | null;
    dueDayElectronic: number | null;
    dueDayShift: boolean;
    dueDayElectronicShift: boolean;
    catalogueKey?: string | null;
  };
  states: { id: number; name: string; color: string; order: number }[];
}

/** A month's money (billing module): 'YYYY-MM', billed and collected. */
export interface PanelMonthMoney {
  month: string;
  billed: number;
  collected: number;
}

export interface PanelDeps {
  changes: TableChanges;
  /** The firm's calendar of business days (holidays module). */
  businessCalendar: (() => Promise<BusinessCalendar>) & TablesRead;
  /** Services active in a month (1-12), by order, with their states (services module). */
  listServicesForMonth: ((month: number) => Promise<PanelService[]>) & TablesRead;
  /** `(key, taxYear) => date | null`: annual services' dates (tax-calendar module). */
  annualDueDates: (() => Promise<(key: string, taxYear: number) => string | null>) & TablesRead;
  /** Users' full names by id (users module). */
  fullNamesOf: ((ids: readonly (number | null)[]) => Promise<Map<number, string>>) & TablesRead;
  /** The SQL the counts embed, each from the module that owns its tables, and the tables each reads. */
  countSql: {
    activeCompanies(firstDay: string, lastDay: string, responsible?: number | 'none'): SQL;
    ownedCompanies(responsible?: number | 'none'): SQL;
    applyingLinks(lastDay: string): SQL;
    savedCells(year: number, month: number): SQL;
    reachedCells(year: number, month: number): SQL;
    waitingRequests(): SQL;
    /** What the cell counts read (companies, links, cells and their history). */
    cellTables: readonly Table[];
    /** What the request counts read (requests, items, companies). */
    requestTables: readonly Table[];
  };
  /** The billing module's money: billed and collected by month from a month on, and what is open by aging. */
  money: {
    byMonth: ((fromMonth: string) => Promise<PanelMonthMoney[]>) & TablesRead;
    agingTotals: ((today: string) => Promise<Record<AgingBucket, number>>) & TablesRead;
  };
  /** The clock (tests set it). */
  now?: () => Date;
}

type Responsible = number | 'none' | undefined;

const pad = (value: number) => String(value).padStart(2, '0');
const shiftMonth = (period: Period, by: number): Period => {
  const index = period.year * 12 + (period.month - 1) + by;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
};
const addDays = (iso: string, days: number) => {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The id of the state with the highest order: a cell there is done. */
const lastStateOf = (states: readonly { id: number; order: number }[]) =>
  states.reduce<{ id: number; order: number } | undefined>(
    (last, state) => (!last || state.order >= last.order ? state : last),
    undefined,
  )?.id ?? null;

/**
 * 'Panel': the firm at a glance. Each answer is counted in aggregate queries (one per period) over
 * the other modules' tables, as the board decides its cells (a saved state or the service's first;
 * 'N/A' cells left out), and kept as built JSON until one of those tables changes or the day does.
 * A collaborator sees only the companies they are 'Encargado' of.
 */
export function createPanelService(db: Db, deps: PanelDeps) {
  const now = deps.now ?? (() => new Date());
  const { countSql } = deps;
  const cellTables = [...countSql.cellTables, ...deps.listServicesForMonth.tables];
  const datedTables = [...cellTables, ...deps.businessCalendar.tables, ...deps.annualDueDates.tables];
  const progressCache = createBuiltJsonCache(deps.changes, {
    name: 'panel-progress',
    tables: cellTables,
    schema: PanelProgressSchema,
    maxEntries: 20,
  });
  const punctualityCache = createBuiltJsonCache(deps.changes, {
    name: 'panel-punctuality',
    tables: datedTables,
    schema: PanelPunctualitySchema,
    maxEntries: 20,
  });
  const workloadCache = createBuiltJsonCache(deps.changes, {
    name: 'panel-workload',
    tables: [...datedTables, ...deps.fullNamesOf.tables],
    schema: PanelWorkloadSchema,
    maxEntries: 20,
  });
  const requestsCache = createBuiltJsonCache(deps.changes, {
    name: 'panel-requests-age',
    tables: countSql.requestTables,
    schema: PanelRequestAgeSchema,
    maxEntries: 20,
  });
  const billingCache = createBuiltJsonCache(deps.changes, {
    name: 'panel-billing',
    tables: [...deps.money.byMonth.tables, ...deps.money.agingTotals.tables],
    schema: PanelBillingSchema,
    maxEntries: 2,
  });

  /** Whose companies the reader sees: a collaborator only their own (asking for others is refused). */
  function responsibleFor(actor: AuthUser, asked: Responsible): Responsible {
    if (actor.role !== 'collaborator') return asked;
    if (asked === undefined || asked === actor.id) return actor.id;
    throw forbidden(panelMsg.onlyOwnCompanies);
  }

  /** A period's services with their due dates and the counts of their cells. */
  async function periodCells(period: Period, responsible: Responsible, reached: boolean, dated = true) {
    const [services, calendar, lookup] = await Promise.all([
      deps.listServicesForMonth(period.month),
      dated ? deps.businessCalendar() : undefined,
      dated ? deps.annualDueDates() : undefined,
    ]);
    const { firstDay, lastDay } = periodBounds(period);
    const counts = await panelRepository.countCells(
      db,
      {
        activeCompanies: countSql.activeCompanies(firstDay, lastDay, responsible),
        applyingLinks: countSql.applyingLinks(lastDay),
        cells: reached
          ? countSql.reachedCells(period.year, period.month)
          : countSql.savedCells(period.year, period.month),
      },
      services.map((entry) => entry.service.id),
      reached,
    );
    const byService = new Map<number, PanelCellCount[]>();
    for (const count of counts) {
      const list = byService.get(count.serviceId);
      if (list) list.push(count);
      else byService.set(count.serviceId, [count]);
    }
    return services.map((entry) => ({
      entry,
      first: entry.states[0]?.id ?? null,
      last: lastStateOf(entry.states),
      due: calendar ? serviceDueDates(entry.service, period, lookup, calendar) : { paper: null, electronic: null },
      counts: byService.get(entry.service.id) ?? [],
    }));
  }

  const keyOf = (responsible: Responsible) => (responsible === undefined ? 'all' : String(responsible));
  const shownResponsible = (responsible: Responsible) => responsible ?? null;

  async function progress(period: Period, responsible: Responsible): Promise<PanelProgress> {
    // The board's states need no due dates.
    const services = await periodCells(period, responsible, false, false);
    return {
      ...period,
      responsible: shownResponsible(responsible),
      services: services
        .map(({ entry, first, counts }) => {
          const byState = new Map<number, number>();
          for (const count of counts) {
            const state = count.stateId ?? first;
            if (state !== null) byState.set(state, (byState.get(state) ?? 0) + count.count);
          }
          const states = entry.states.map((state) => ({
            stateId: state.id,
            name: state.name,
            color: state.color,
            count: byState.get(state.id) ?? 0,
          }));
          return {
            serviceId: entry.service.id,
            name: entry.service.name,
            states,
            total: states.reduce((sum, state) => sum + state.count, 0),
          };
        })
        .filter((service) => service.total > 0),
    };
  }

  async function punctuality(responsible: Responsible, today: string): Promise<PanelPunctuality> {
    const current = currentPeriod(now());
    const periods = Array.from({ length: 12 }, (_, index) => shiftMonth(current, index - 11));
    // One aggregate per period; on PostgreSQL they run side by side over the pool.
    const cells = await Promise.all(periods.map((period) => periodCells(period, responsible, true)));
    const months = [];
    for (const [index, period] of periods.entries()) {
      const tally = { ...period, onTime: 0, late: 0, overdue: 0, pending: 0 };
      for (const { first, last, due, counts } of cells[index] ?? []) {
        for (const count of counts) {
          const state = count.stateId ?? first;
          // The one rule of punctuality (the monthly report lists each cell by it too).
          const standing = cellPunctuality({
            done: state !== null && state === last,
            dueDate: count.electronicFiling ? due.electronic : due.paper,
            reachedDay: count.reachedHour === null ? null : santiagoDate(new Date(count.reachedHour)),
            today,
          });
          tally[standing] += count.count;
        }
      }
      months.push(tally);
    }
    return { today, responsible: shownResponsible(responsible), months };
  }

  async function workload(responsible: Responsible, today: string): Promise<PanelWorkload> {
    const period = currentPeriod(now());
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
    const weekStart = addDays(today, -weekday);
    const weekEnd = addDays(weekStart, 6);
    const rows = new Map<number | null, { pending: number; dueThisWeek: number; late: number }>();
    for (const { first, last, due, counts } of await periodCells(period, responsible, false)) {
      for (const count of counts) {
        let row = rows.get(count.responsibleUserId);
        if (!row) {
          row = { pending: 0, dueThisWeek: 0, late: 0 };
          rows.set(count.responsibleUserId, row);
        }
        const state = count.stateId ?? first;
        if (state !== null && state === last) continue;
        const dueDate = count.electronicFiling ? due.electronic : due.paper;
        row.pending += count.count;
        if (dueDate !== null && today > dueDate) row.late += count.count;
        else if (dueDate !== null && dueDate <= weekEnd) row.dueThisWeek += count.count;
      }
    }
    const names = await deps.fullNamesOf([...rows.keys()]);
    const list = [...rows].map(([id, counts]) => ({
      responsibleUserId: id,
      name: id === null ? panelMsg.noResponsible : names.get(id) || panelMsg.noResponsible,
      ...counts,
    }));
    // By name in the Spanish order; companies without an owner last.
    list.sort(
      (a, b) =>
        Number(a.responsibleUserId === null) - Number(b.responsibleUserId === null) ||
        compareNames(a.name, b.name) ||
        (a.responsibleUserId ?? 0) - (b.responsibleUserId ?? 0),
    );
    return { ...period, today, weekStart, weekEnd, rows: list };
  }

  async function requestsAge(responsible: Responsible, today: string): Promise<PanelRequestAge> {
    const counts = await panelRepository.countWaiting(
      db,
      countSql.waitingRequests(),
      countSql.ownedCompanies(responsible),
    );
    const tallies = new Map<RequestAgeBucket, { count: number; periods: Map<string, number> }>(
      REQUEST_AGE_BUCKETS.map((bucket) => [bucket.key, { count: 0, periods: new Map() }]),
    );
    for (const count of counts) {
      const made = santiagoDate(new Date(count.createdHour));
      const tally = tallies.get(requestAgeBucket(Math.max(0, daysBetween(made, today))));
      if (!tally) continue;
      tally.count += count.count;
      const period = `${count.year}-${pad(count.month)}`;
      tally.periods.set(period, (tally.periods.get(period) ?? 0) + count.count);
    }
    return {
      today,
      responsible: shownResponsible(responsible),
      buckets: REQUEST_AGE_BUCKETS.map((bucket) => {
        const tally = tallies.get(bucket.key);
        // The period holding most of the bucket's requests (the later one on a tie): the list to open.
        let period: string | null = null;
        let most = 0;
        for (const [candidate, count] of tally?.periods ?? []) {
          if (count > most || (count === most && period !== null && candidate > period)) {
            period = candidate;
            most = count;
          }
        }
        return { key: bucket.key, label: bucket.label, count: tally?.count ?? 0, period };
      }),
    };
  }

  async function billing(today: string): Promise<PanelBilling> {
    const thisMonth = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
    const months = Array.from({ length: 12 }, (_, index) => shiftMonth(thisMonth, index - 11));
    const first = months[0] as Period;
    const [money, aging] = await Promise.all([
      deps.money.byMonth(`${first.year}-${pad(first.month)}`),
      deps.money.agingTotals(today),
    ]);
    const byMonth = new Map(money.map((entry) => [entry.month, entry]));
    return {
      today,
      months: months.map((period) => {
        const entry = byMonth.get(`${period.year}-${pad(period.month)}`);
        return { ...period, billed: entry?.billed ?? 0, collected: entry?.collected ?? 0 };
      }),
      aging: AGING_BUCKETS.map((bucket) => ({ bucket, label: AGING_BUCKET_LABELS[bucket], amount: aging[bucket] })),
    };
  }

  return {
    /** This month's (or the asked period's) cells per service by state, as the monthly board counts them. */
    progress(actor: AuthUser, query: PanelProgressQuery): Promise<BuiltJson> {
      const responsible = responsibleFor(actor, query.encargado);
      const current = currentPeriod(now());
      const period = { year: query.anio ?? current.year, month: query.mes ?? current.month };
      if (period.year * 12 + period.month > current.year * 12 + current.month)
        throw badRequest(boardMsg.periodInFuture);
      const key = `${period.year}-${period.month}|${keyOf(responsible)}`;
      return progressCache.get(key, () => progress(period, responsible));
    },

    /** The last 12 periods' cells: done on time, done late, not done past the due date, not due yet. */
    punctuality(actor: AuthUser, query: PanelResponsibleQuery): Promise<BuiltJson> {
      const responsible = responsibleFor(actor, query.encargado);
      const today = santiagoDate(now());
      return punctualityCache.get(`${today}|${keyOf(responsible)}`, () => punctuality(responsible, today));
    },

    /** Per 'Encargado' the current period's open cells: pending, due this week, late (one's row, filtered). */
    workload(actor: AuthUser, query: PanelResponsibleQuery): Promise<BuiltJson> {
      const responsible = responsibleFor(actor, query.encargado);
      const today = santiagoDate(now());
      return workloadCache.get(`${today}|${keyOf(responsible)}`, () => workload(responsible, today));
    },

    /** Document requests waiting (not complete) by days since they were made. */
    requestsAge(actor: AuthUser, query: PanelResponsibleQuery): Promise<BuiltJson> {
      const responsible = responsibleFor(actor, query.encargado);
      const today = santiagoDate(now());
      return requestsCache.get(`${today}|${keyOf(responsible)}`, () => requestsAge(responsible, today));
    },

    /** Billed against collected over the last 12 months and receivables by aging (owners). */
    billing(): Promise<BuiltJson> {
      const today = santiagoDate(now());
      return billingCache.get(today, () => billing(today));
    },
  };
}

export type PanelReads = ReturnType<typeof createPanelService>;
