import { daysUntil, isNonBusinessDay, type ServiceDueDays } from '@app/shared/due-dates';
import { type BusinessCalendar, serviceDueDates } from '@app/shared/due-dates-cl';
import { isTrackedIn, type Period, periodBounds, santiagoDate } from '@app/shared/period';
import { TASK_STATE_DONE, TASK_STATE_INITIAL } from '@app/shared/schemas/tasks';
import { isTaskOverdue } from '@app/shared/task-board';
import type { Db } from '../../db/client.ts';
import {
  type DigestCompany,
  type DigestLine,
  type DigestRightsRequest,
  type DigestToReview,
  presentMorningDigest,
} from './morning-digest.presenter.ts';
import { morningDigestRepository as repository } from './morning-digest.repository.ts';
import { santiagoClock } from './santiago-clock.ts';
import type { ScheduledJob } from './scheduler.ts';

/** The time of day (America/Santiago) the digest goes out, on business days. */
const SEND_FROM_MINUTES = 8 * 60;
/** "Due within the week": from today to today + 7. */
const WINDOW_DAYS = 7;
/**
 * The periods read: the current month (its work falls due next month, inside the window near the
 * month's end) and the 3 before it. A period's work falls due in the month after it, so the
 * previous month holds what is due now and the two before hold what is still late; older work is
 * left out so a forgotten cell of last year does not fill every morning's mail.
 */
const LOOK_BACK_PERIODS = 3;

/** A saved cell of a board in one of the periods read (column: the service or task). */
interface PeriodCell<State> {
  businessId: number;
  column: number;
  state: State;
  year: number;
  month: number;
}

export interface MorningDigestDeps {
  /** Staff who have not opted out of the digest (users module). */
  listDigestRecipients(): Promise<{ id: number; email: string; name: string }[]>;
  /** The monthly board's saved cells of these periods, state by id (monthly-states module). */
  listSavedBoardCells(periods: readonly Period[]): Promise<PeriodCell<number>[]>;
  /** Every task with its responsible and due day (tasks module). */
  listTasks(): Promise<{ id: number; name: string; expirationDate: number; responsable: { id: number } }[]>;
  /** The task board's saved cells of these periods, state by name (tasks module). */
  listSavedTaskCells(periods: readonly Period[]): Promise<PeriodCell<string>[]>;
  /** These companies' names and owners (companies module). */
  listBusinessesByIds(
    ids: number[],
  ): Promise<{ id: number; name: string; rut: string; responsibleUserId: number | null }[]>;
  /** Companies whose contract covers a period, with their owner and filing (companies module). */
  listActiveBusinesses(period: Period): Promise<
    {
      id: number;
      name: string;
      rut: string;
      electronicFiling: boolean;
      responsibleUserId: number | null;
      /** 'Seguimiento desde' ('YYYY-MM'): the company's cells before it are 'N/A', never in the digest. */
      trackingSince: string | null;
    }[]
  >;
  /** The firm's calendar of business days, its extra holidays included (holidays module). */
  businessCalendar(): Promise<BusinessCalendar>;
  /** Services active in a month with their states (services module). */
  listServicesForMonth(month: number): Promise<
    {
      service: { id: number; name: string; catalogueKey?: string | null } & Required<ServiceDueDays>;
      states: { id: number; name: string; order: number }[];
    }[]
  >;
  /** `(key, taxYear) => date | null`: an annual service's dates (tax-calendar module). */
  annualDueDates(): Promise<(key: string, taxYear: number) => string | null>;
  /** Active company-service links started by a day (business-services module). */
  listApplying(lastDay: string): Promise<{ businessId: number; serviceId: number }[]>;
  /** Companies in each task by a day (tasks module). */
  listTaskApplying(lastDay: string): Promise<{ businessId: number; taskId: number }[]>;
  /** Items clients sent that nobody has reviewed yet, per company (requests module). */
  countRequestsToReview(): Promise<{ total: number; byBusiness: { businessId: number; count: number }[] }>;
  /** The e-mail module's send without a staff sender, written to the e-mail log. */
  sendEmail(input: { emails: string[]; subject: string; content: string; html?: string }): Promise<unknown>;
  /**
   * Of these users, those who asked to be reminded and logged no time on that day (time module);
   * absent: no reminder.
   */
  remindedWithoutTimeOn?(day: string, userIds: number[]): Promise<Set<number>>;
  /** Of these users, those whose timer started before an instant and still runs (time module); absent: none. */
  timersRunningBefore?(
    before: Date,
    userIds: number[],
  ): Promise<Map<number, { startedAt: Date; businessName: string }>>;
  /**
   * Of these users, the owners' open requests from a person (personal data) due within the week or
   * overdue (data-protection module); absent: none.
   */
  rightsDueFor?(day: string, userIds: number[]): Promise<Map<number, DigestRightsRequest[]>>;
  /** The public address the mail's links start with (APP_URL). */
  appUrl: string;
}

/** An instant as 'DD-MM-AAAA HH:MM' in Santiago. */
const santiagoDateTime = (at: Date) => {
  const clock = santiagoClock(at);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(clock.day)}-${pad(clock.month)}-${clock.year} ${pad(Math.floor(clock.minutes / 60))}:${pad(clock.minutes % 60)}`;
};

const addDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const periodsBack = (from: Period, count: number): Period[] =>
  Array.from({ length: count + 1 }, (_, back) => {
    const index = from.year * 12 + (from.month - 1) - back;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });

const key = (...parts: number[]) => parts.join(':');

/** The highest-order state (the board's rule): a cell there is done, so never late nor due. */
function lastStateId(states: { id: number; order: number }[]) {
  let last: { id: number; order: number } | undefined;
  for (const state of states) if (!last || state.order >= last.order) last = state;
  return last?.id;
}

type Business = Awaited<ReturnType<MorningDigestDeps['listActiveBusinesses']>>[number];

/** Each user's lines, by company: what is overdue or due by `until` in the periods read. */
async function collectLines(deps: MorningDigestDeps, today: string, calendar: BusinessCalendar) {
  const [year = 0, month = 0] = today.split('-').map(Number);
  const periods = periodsBack({ year, month }, LOOK_BACK_PERIODS);
  const until = addDays(today, WINDOW_DAYS);
  const [perPeriod, savedCells, taskRows, savedTaskCells, annualDueDate] = await Promise.all([
    Promise.all(
      periods.map(async (period) => {
        const { lastDay } = periodBounds(period);
        const [businesses, services, applying, taskApplying] = await Promise.all([
          deps.listActiveBusinesses(period),
          deps.listServicesForMonth(period.month),
          deps.listApplying(lastDay),
          deps.listTaskApplying(lastDay),
        ]);
        return { period, businesses, services, applying, taskApplying };
      }),
    ),
    deps.listSavedBoardCells(periods),
    deps.listTasks(),
    deps.listSavedTaskCells(periods),
    deps.annualDueDates(),
  ]);
  const chosenState = new Map(
    savedCells.map((cell) => [key(cell.businessId, cell.column, cell.year, cell.month), cell.state]),
  );
  const chosenTaskState = new Map(
    savedTaskCells.map((cell) => [key(cell.businessId, cell.column, cell.year, cell.month), cell.state]),
  );

  const byUser = new Map<number, Map<number, DigestCompany>>();
  function add(userId: number, business: Business, line: DigestLine) {
    const companies = byUser.get(userId) ?? new Map<number, DigestCompany>();
    byUser.set(userId, companies);
    const company = companies.get(business.id) ?? { name: business.name, rut: business.rut, lines: [] };
    companies.set(business.id, company);
    company.lines.push(line);
  }

  for (const { period, businesses, services, applying, taskApplying } of perPeriod) {
    // A company's months before its 'Seguimiento desde' are 'N/A' on the boards: never late, never due.
    const businessById = new Map(
      businesses.filter((business) => isTrackedIn(business, period)).map((business) => [business.id, business]),
    );
    const servicesById = new Map(services.map((entry) => [entry.service.id, entry]));
    for (const link of applying) {
      const business = businessById.get(link.businessId);
      const entry = servicesById.get(link.serviceId);
      if (!business || business.responsibleUserId === null || !entry) continue;
      const due = serviceDueDates(entry.service, period, annualDueDate, calendar);
      const dueDate = business.electronicFiling ? due.electronic : due.paper;
      if (dueDate === null || dueDate > until) continue;
      const stateId =
        chosenState.get(key(business.id, entry.service.id, period.year, period.month)) ?? entry.states[0]?.id;
      const state = entry.states.find((candidate) => candidate.id === stateId);
      if (!state || state.id === lastStateId(entry.states)) continue;
      add(business.responsibleUserId, business, {
        kind: 'service',
        name: entry.service.name,
        period,
        state: state.name,
        dueDate,
        daysLeft: daysUntil(dueDate, today),
      });
    }

    const tasksById = new Map(taskRows.map((task) => [task.id, task]));
    for (const link of taskApplying) {
      const business = businessById.get(link.businessId);
      const task = tasksById.get(link.taskId);
      if (!business || !task) continue;
      const dueDate = calendar.dueDate(period, task.expirationDate);
      const state = chosenTaskState.get(key(business.id, task.id, period.year, period.month)) ?? TASK_STATE_INITIAL;
      // Late by the task board's own rule, or not done and due within the week.
      if (!isTaskOverdue({ state }, dueDate, today) && (state === TASK_STATE_DONE || dueDate > until)) continue;
      add(task.responsable.id, business, {
        kind: 'task',
        name: task.name,
        period,
        state,
        dueDate,
        daysLeft: daysUntil(dueDate, today),
      });
    }
  }
  return byUser;
}

/** Each owner's companies with client documents to review. */
async function collectToReview(deps: MorningDigestDeps) {
  const { byBusiness } = await deps.countRequestsToReview();
  const counts = new Map(byBusiness.filter((row) => row.count > 0).map((row) => [row.businessId, row.count]));
  const byUser = new Map<number, DigestToReview[]>();
  for (const business of await deps.listBusinessesByIds([...counts.keys()])) {
    const count = counts.get(business.id);
    if (business.responsibleUserId === null || !count) continue;
    const companies = byUser.get(business.responsibleUserId) ?? [];
    byUser.set(business.responsibleUserId, companies);
    companies.push({ name: business.name, rut: business.rut, count });
  }
  return byUser;
}

/**
 * At 08:00 in Santiago on business days (not weekends, Chilean holidays nor the firm's extra ones), each staff member who
 * has not opted out gets one e-mail with the board cells of the companies they own and the task
 * cells they are responsible for that are overdue or due within the week, the documents the
 * clients of their companies sent that nobody has reviewed yet and, for owners, the requests from a
 * person over their personal data whose term ends within the week or has ended. A claim row per user and
 * day decides who sends it, so a later tick, a restart or another instance sends nothing twice;
 * a user with nothing due is claimed too (no mail), so later ticks that day only read the claims.
 */
export function morningDigestJob(db: Db, deps: MorningDigestDeps): ScheduledJob {
  return {
    name: 'morning-digest',
    async run(now) {
      if (santiagoClock(now).minutes < SEND_FROM_MINUTES) return;
      const today = santiagoDate(now);
      const calendar = await deps.businessCalendar();
      if (isNonBusinessDay(today, calendar.isHoliday)) return;
      const [recipients, claimed] = await Promise.all([deps.listDigestRecipients(), repository.claimedOn(db, today)]);
      const pending = recipients.filter((user) => !claimed.has(user.id));
      if (pending.length === 0) return;

      // 'Ayer no registraste tiempo': only when yesterday was a business day.
      const yesterday = addDays(today, -1);
      // Santiago's offsets are whole hours: today began that many minutes (and these seconds) ago.
      const todayBegan = new Date(
        now.getTime() - santiagoClock(now).minutes * 60_000 - now.getUTCSeconds() * 1000 - now.getUTCMilliseconds(),
      );
      const [linesByUser, toReviewByUser, withoutTime, runningTimers, rightsByUser] = await Promise.all([
        collectLines(deps, today, calendar),
        collectToReview(deps),
        deps.remindedWithoutTimeOn && !isNonBusinessDay(yesterday, calendar.isHoliday)
          ? deps.remindedWithoutTimeOn(
              yesterday,
              pending.map((user) => user.id),
            )
          : new Set<number>(),
        deps.timersRunningBefore
          ? deps.timersRunningBefore(
              todayBegan,
              pending.map((user) => user.id),
            )
          : new Map<number, { startedAt: Date; businessName: string }>(),
        deps.rightsDueFor
          ? deps.rightsDueFor(
              today,
              pending.map((user) => user.id),
            )
          : new Map<number, DigestRightsRequest[]>(),
      ]);
      for (const user of pending) {
        if (!(await repository.claim(db, { userId: user.id, day: today, claimedAt: now }))) continue;
        const companies = [...(linesByUser.get(user.id)?.values() ?? [])];
        const toReview = toReviewByUser.get(user.id) ?? [];
        const noTimeYesterday = withoutTime.has(user.id);
        const timer = runningTimers.get(user.id);
        const runningTimer = timer && { since: santiagoDateTime(timer.startedAt), businessName: timer.businessName };
        const rightsRequests = rightsByUser.get(user.id) ?? [];
        if (
          companies.length === 0 &&
          toReview.length === 0 &&
          !noTimeYesterday &&
          !runningTimer &&
          rightsRequests.length === 0
        )
          continue;
        const mail = presentMorningDigest({
          user,
          today,
          companies,
          toReview,
          noTimeYesterday,
          runningTimer,
          rightsRequests,
          appUrl: deps.appUrl,
        });
        await deps.sendEmail({ emails: [user.email], subject: mail.subject, content: mail.text, html: mail.html });
      }
    },
  };
}
