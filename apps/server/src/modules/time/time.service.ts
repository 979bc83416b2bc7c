import { compareNames } from '@app/shared/collator';
import { formatDuration, weekDates } from '@app/shared/duration';
import { msg } from '@app/shared/messages';
import { timeMsg } from '@app/shared/messages-time';
import { santiagoDate } from '@app/shared/period';
import { can } from '@app/shared/permissions';
import type {
  HourlyCost,
  HourlyCostInputSchema,
  TimeEntry,
  TimeEntryInputSchema,
  TimerStartSchema,
  TimeWeek,
} from '@app/shared/schemas/time';
import type { z } from 'zod';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { timeRepository as repository, type TimeEntryRow } from './time.repository.ts';

type EntryInput = z.output<typeof TimeEntryInputSchema>;
type StartInput = z.output<typeof TimerStartSchema>;
type CostInput = z.output<typeof HourlyCostInputSchema>;

export interface TimeDeps {
  events: Pick<EventBus, 'emit'>;
  /** The companies module: these companies' names by id (a deleted one is missing). */
  businessNames(ids: readonly number[]): Promise<Map<number, string>>;
  /** The services module: every service's id and name. */
  listServiceNames(): Promise<{ id: number; name: string }[]>;
  /** The tasks module: every task's id and name. */
  listTaskNames(): Promise<{ id: number; name: string }[]>;
  /** The users module: the staff (owners and collaborators). */
  listStaff(): Promise<{ id: number; name: string; lastName: string; role: string }[]>;
  now?: () => Date;
}

/** How many times a start is tried again when a parallel start of the same user won the race. */
const START_ATTEMPTS = 3;

const fullName = (user: { name: string; lastName: string }) => `${user.name} ${user.lastName}`.trim();

/** An owner may read and change anyone's entries ('time:manage'); anyone else only their own. */
const mayManage = (actor: AuthUser) => can(actor, 'time:manage');

/**
 * 'Registro de tiempo': the running timer (one per user: starting another stops it in the same
 * transaction), entries typed by hand, the week's grid, and each staff member's hourly cost.
 * A collaborator reaches only their own entries: another user's answers 404, as if it did not exist.
 */
export function createTimeService(db: Db, deps: TimeDeps) {
  const now = deps.now ?? (() => new Date());

  /** Entries as the API answers them, with their company's, service's and task's names. */
  async function present(rows: TimeEntryRow[]): Promise<TimeEntry[]> {
    if (rows.length === 0) return [];
    const needsServices = rows.some((row) => row.serviceId !== null);
    const needsTasks = rows.some((row) => row.taskId !== null);
    const [businesses, services, tasks] = await Promise.all([
      deps.businessNames(rows.map((row) => row.businessId)),
      needsServices ? deps.listServiceNames() : [],
      needsTasks ? deps.listTaskNames() : [],
    ]);
    const serviceNames = new Map(services.map((service) => [service.id, service.name]));
    const taskNames = new Map(tasks.map((task) => [task.id, task.name]));
    return rows.map((row) => ({
      id: row.id,
      userId: row.userId,
      businessId: row.businessId,
      businessName: businesses.get(row.businessId) ?? '',
      serviceId: row.serviceId,
      serviceName: row.serviceId === null ? null : (serviceNames.get(row.serviceId) ?? ''),
      taskId: row.taskId,
      taskName: row.taskId === null ? null : (taskNames.get(row.taskId) ?? ''),
      date: row.date,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt?.toISOString() ?? null,
      minutes: row.minutes,
      note: row.note,
    }));
  }
  const presentOne = async (row: TimeEntryRow) => (await present([row]))[0] as TimeEntry;

  /** A foreign key refused: the company, service or task named does not exist (400 on its field). */
  function refusedReference(error: unknown): never {
    const constraint = String(
      (error as { constraint?: string; cause?: { constraint?: string } }).constraint ??
        (error as { cause?: { constraint?: string } }).cause?.constraint ??
        '',
    );
    if (constraint.includes('service')) throw badRequest(timeMsg.serviceNotFound, 'serviceId');
    if (constraint.includes('task')) throw badRequest(timeMsg.taskNotFound, 'taskId');
    throw badRequest(timeMsg.businessNotFound, 'businessId');
  }

  async function writing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) refusedReference(error);
      throw error;
    }
  }

  /** Whose entries a read covers: one's own, or (owners) the user named, who must be staff. */
  async function whose(actor: AuthUser, userId: number | undefined): Promise<number> {
    if (userId === undefined || userId === actor.id) return actor.id;
    if (!mayManage(actor)) throw forbidden(msg.forbidden);
    const staff = await deps.listStaff();
    if (!staff.some((user) => user.id === userId)) throw badRequest(timeMsg.invalidUser, 'usuario');
    return userId;
  }

  /** The entry when the actor may touch it; 404 for a missing one and for another user's (non-owners). */
  async function reachable(tx: DbOrTx, actor: AuthUser, id: number): Promise<TimeEntryRow> {
    const row = await repository.findById(tx, id);
    if (!row || (row.userId !== actor.id && !mayManage(actor))) throw notFound(timeMsg.entryNotFound);
    return row;
  }

  const summary = (row: TimeEntryRow) => ({
    userId: row.userId,
    date: row.date,
    minutes: row.minutes,
    businessId: row.businessId,
    serviceId: row.serviceId,
    taskId: row.taskId,
    note: row.note,
  });
  /** Written inside the change's transaction: reads nothing outside it (PGlite has one connection). */
  async function logEntry(
    tx: DbOrTx,
    actor: ActivityActor,
    action: 'created' | 'updated' | 'deleted',
    row: TimeEntryRow,
    before?: TimeEntryRow,
  ) {
    await recordActivity(tx, actor, {
      kind: 'time_entry',
      action,
      recordId: row.id,
      recordLabel: `${row.date} ${formatDuration(row.minutes ?? 0)}`,
      businessId: row.businessId,
      details:
        action === 'created'
          ? { after: summary(row) }
          : action === 'deleted'
            ? { before: summary(row) }
            : { before: summary(before ?? row), after: summary(row) },
    });
  }

  const announce = (userId: number, timer: TimeEntry | null) =>
    deps.events.emit('time.timer-changed', { userId, timer });

  return {
    /** GET /api/time/timer: the user's running timer, or null. */
    async timer(actor: AuthUser): Promise<TimeEntry | null> {
      const row = await repository.running(db, actor.id);
      return row ? presentOne(row) : null;
    },

    /**
     * Starts a timer now. A timer already running is stopped first, in the same transaction (its
     * entry is logged), so the user never has two. Two starts at once: the partial unique index lets
     * one insert win; the other is tried again, stopping the winner's timer, so exactly one runs.
     */
    async start(
      actor: AuthUser,
      input: StartInput,
      activityActor: ActivityActor,
    ): Promise<{ timer: TimeEntry; stopped: TimeEntry | null }> {
      for (let attempt = 1; ; attempt++) {
        try {
          const result = await writing(() =>
            db.transaction(async (tx) => {
              const at = now();
              const stopped = await repository.stopRunning(tx, actor.id, at);
              if (stopped) await logEntry(tx, activityActor, 'created', stopped);
              const row = await repository.insert(tx, {
                userId: actor.id,
                businessId: input.businessId,
                serviceId: input.serviceId,
                taskId: input.taskId,
                note: input.note,
                startedAt: at,
                date: santiagoDate(at),
              });
              return { row, stopped };
            }),
          );
          const timer = await presentOne(result.row);
          announce(actor.id, timer);
          return { timer, stopped: result.stopped ? await presentOne(result.stopped) : null };
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          if (attempt >= START_ATTEMPTS) throw conflict(timeMsg.timerRace);
        }
      }
    },

    /** Stops the running timer: its minutes are the time elapsed, rounded to the minute (at least 1). */
    async stop(actor: AuthUser, activityActor: ActivityActor): Promise<TimeEntry> {
      const stopped = await db.transaction(async (tx) => {
        const row = await repository.stopRunning(tx, actor.id, now());
        if (!row) throw notFound(timeMsg.noTimer);
        await logEntry(tx, activityActor, 'created', row);
        return row;
      });
      announce(actor.id, null);
      return presentOne(stopped);
    },

    /** GET /api/time/entries: finished entries of a range, the user's own (owners: the user named). */
    async list(actor: AuthUser, query: { desde: string; hasta: string; usuario?: number }): Promise<TimeEntry[]> {
      const userId = await whose(actor, query.usuario);
      return present(await repository.listRange(db, query.desde, query.hasta, userId));
    },

    /** An entry typed by hand for the user's own day. */
    async create(actor: AuthUser, input: EntryInput, activityActor: ActivityActor): Promise<TimeEntry> {
      const row = await writing(() =>
        db.transaction(async (tx) => {
          const at = now();
          const inserted = await repository.insert(tx, {
            userId: actor.id,
            businessId: input.businessId,
            serviceId: input.serviceId,
            taskId: input.taskId,
            note: input.note,
            date: input.date,
            minutes: input.duration,
            startedAt: at,
            endedAt: at,
          });
          await logEntry(tx, activityActor, 'created', inserted);
          return inserted;
        }),
      );
      return presentOne(row);
    },

    /** Changes a finished entry (a running timer is stopped first: 409). */
    async update(actor: AuthUser, id: number, input: EntryInput, activityActor: ActivityActor): Promise<TimeEntry> {
      const row = await writing(() =>
        db.transaction(async (tx) => {
          const before = await reachable(tx, actor, id);
          if (before.endedAt === null) throw conflict(timeMsg.entryRunning);
          const updated = await repository.update(tx, id, {
            businessId: input.businessId,
            serviceId: input.serviceId,
            taskId: input.taskId,
            note: input.note,
            date: input.date,
            minutes: input.duration,
          });
          if (!updated) throw notFound(timeMsg.entryNotFound);
          await logEntry(tx, activityActor, 'updated', updated, before);
          return updated;
        }),
      );
      return presentOne(row);
    },

    /** Deletes an entry (the running timer too: it is discarded). */
    async delete(actor: AuthUser, id: number, activityActor: ActivityActor): Promise<void> {
      const row = await db.transaction(async (tx) => {
        await reachable(tx, actor, id);
        const deleted = await repository.delete(tx, id);
        if (!deleted) throw notFound(timeMsg.entryNotFound);
        await logEntry(tx, activityActor, 'deleted', deleted);
        return deleted;
      });
      if (row.endedAt === null) announce(row.userId, null);
    },

    /** GET /api/time/week: companies × the week's 7 days in minutes, by company name, with totals. */
    async week(actor: AuthUser, query: { semana: string; usuario?: number }): Promise<TimeWeek> {
      const userId = await whose(actor, query.usuario);
      const days = weekDates(query.semana);
      const last = days[6] ?? query.semana;
      const [sums, rows] = await Promise.all([
        repository.sumByBusinessAndDay(db, userId, query.semana, last),
        repository.listRange(db, query.semana, last, userId),
      ]);
      const names = await deps.businessNames(sums.map((sum) => sum.businessId));
      const byBusiness = new Map<number, number[]>();
      for (const sum of sums) {
        const minutes = byBusiness.get(sum.businessId) ?? Array(7).fill(0);
        byBusiness.set(sum.businessId, minutes);
        const day = days.indexOf(sum.date);
        if (day >= 0) minutes[day] += sum.minutes;
      }
      const gridRows = [...byBusiness.entries()]
        .map(([businessId, minutes]) => ({
          businessId,
          businessName: names.get(businessId) ?? '',
          minutes,
          total: minutes.reduce((total, value) => total + value, 0),
        }))
        .sort((a, b) => compareNames(a.businessName, b.businessName) || a.businessId - b.businessId);
      const dayTotals = days.map((_, day) => gridRows.reduce((total, row) => total + (row.minutes[day] ?? 0), 0));
      return {
        monday: query.semana,
        userId,
        days,
        rows: gridRows,
        dayTotals,
        total: dayTotals.reduce((total, value) => total + value, 0),
        entries: await present(rows),
      };
    },

    /** GET /api/time/costs: every staff member with their hourly cost (null when not set), by name. */
    async costs(): Promise<HourlyCost[]> {
      const [staff, costs] = await Promise.all([deps.listStaff(), repository.listCosts(db)]);
      const costOf = new Map(costs.map((cost) => [cost.userId, cost.hourlyCost]));
      return staff
        .map((user) => ({
          userId: user.id,
          name: fullName(user),
          role: user.role,
          hourlyCost: costOf.get(user.id) ?? null,
        }))
        .sort((a, b) => compareNames(a.name, b.name));
    },

    /** Sets a staff member's hourly cost and logs the change, in one transaction. */
    async setCost(input: CostInput, activityActor: ActivityActor): Promise<HourlyCost> {
      const staff = (await deps.listStaff()).find((user) => user.id === input.userId);
      if (!staff) throw badRequest(timeMsg.invalidUser, 'userId');
      await writing(() =>
        db.transaction(async (tx) => {
          const before = await repository.costOf(tx, input.userId);
          await repository.upsertCost(tx, input.userId, input.hourlyCost);
          await recordActivity(tx, activityActor, {
            kind: 'hourly_cost',
            action: before === null ? 'created' : 'updated',
            recordId: input.userId,
            recordLabel: fullName(staff),
            details: {
              ...(before === null ? {} : { before: { hourlyCost: before } }),
              after: { hourlyCost: input.hourlyCost },
            },
          });
        }),
      );
      return { userId: staff.id, name: fullName(staff), role: staff.role, hourlyCost: input.hourlyCost };
    },

    remind: (actor: AuthUser) => repository.remindOf(db, actor.id),
    async setRemind(actor: AuthUser, remind: boolean): Promise<boolean> {
      await repository.setRemind(db, actor.id, remind);
      return remind;
    },

    /**
     * The morning digest's reminder: of these users, those who turned it on and logged nothing on
     * that day (the day before the digest's, when it was a business day).
     */
    remindedWithoutTimeOn: async (day: string, userIds: number[]): Promise<Set<number>> =>
      new Set(await repository.remindedWithoutEntryOn(db, day, userIds)),

    /**
     * The morning digest's warning, for everyone (not a setting): of these users, those whose timer
     * was started before an instant (today's start) and still runs, with when and on which company.
     */
    async timersRunningBefore(
      before: Date,
      userIds: number[],
    ): Promise<Map<number, { startedAt: Date; businessName: string }>> {
      const rows = await repository.runningStartedBefore(db, before, userIds);
      const names = await deps.businessNames(rows.map((row) => row.businessId));
      return new Map(
        rows.map((row) => [row.userId, { startedAt: row.startedAt, businessName: names.get(row.businessId) ?? '' }]),
      );
    },
  };
}

export type TimeService = ReturnType<typeof createTimeService>;
