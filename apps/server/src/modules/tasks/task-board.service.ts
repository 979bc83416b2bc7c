import type { Readable } from 'node:stream';
import type { BusinessCalendar } from '@app/shared/due-dates-cl';
import { tasksMsg } from '@app/shared/messages-tasks';
import { isContractActiveIn, isTrackedIn, type Period, periodBounds, santiagoDate } from '@app/shared/period';
import { can } from '@app/shared/permissions';
import { shortName } from '@app/shared/schemas/monthly-states';
import {
  TASK_STATE_INITIAL,
  TASK_STATES,
  type TaskBoard,
  type TaskCellChange,
  type TaskHistoryEntry,
  type TaskStateUpdateSchema,
} from '@app/shared/schemas/tasks';
import { summaryOf } from '@app/shared/task-board';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { EventBus } from '../../lib/events.ts';
import { rowsInOrder } from '../../lib/rows-in-order.ts';
import { assertSelectable } from '../../lib/selectable-period.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import { buildTaskBoardRows, type TaskBoardParts } from './task-board.ts';
import { taskBoardSheet } from './task-board-export.ts';
import { taskStatesRepository } from './task-states.repository.ts';
import { presentTask } from './tasks.presenter.ts';
import type { TasksService } from './tasks.service.ts';

type UpdateInput = z.output<typeof TaskStateUpdateSchema>;

interface Deps {
  events: EventBus;
  tasks: Pick<TasksService, 'listRows' | 'findRow' | 'listApplying'>;
  /** Companies whose contract covers the period (companies module). */
  listActiveBusinesses(period: Period): Promise<TaskBoardParts['businesses']>;
  getBusiness(
    id: number,
  ): Promise<TaskBoardParts['businesses'][number] & { startContract: string; endContract: string | null }>;
  /** The firm's calendar of business days, its extra holidays included (holidays module). */
  businessCalendar(): Promise<BusinessCalendar>;
  /** Who is acting, for the cell's 'Javier P.' (users module). */
  getUser(id: number): Promise<{ name: string; lastName: string }>;
  /** The companies' owners' full names by user id ('' for one deleted meanwhile; users module). */
  fullNamesOf(ids: readonly (number | null)[]): Promise<Map<number, string>>;
  /** The clock the board's `today` is read from (tests set it). */
  now?: () => Date;
}

/** The task tracking board ('Seguimiento de tareas'): read a month, change a cell. */
export function createTaskBoardService(db: Db, deps: Deps) {
  const now = deps.now ?? (() => new Date());
  async function getBoard(period: Period): Promise<TaskBoard> {
    assertSelectable(period);
    const today = santiagoDate(now());
    const { lastDay } = periodBounds(period);
    const [businesses, taskRows, applying, chosen, calendar] = await Promise.all([
      deps.listActiveBusinesses(period),
      deps.tasks.listRows(),
      deps.tasks.listApplying(lastDay),
      taskStatesRepository.listForPeriod(db, period),
      deps.businessCalendar(),
    ]);
    const tasks = taskRows.map(presentTask);
    // Before a company's 'Seguimiento desde' month no task applies: its cells are 'N/A'.
    const tracked = new Set(businesses.filter((business) => isTrackedIn(business, period)).map(({ id }) => id));
    const rows = buildTaskBoardRows({
      businesses,
      taskIds: tasks.map((task) => task.id),
      applying: applying.filter((link) => tracked.has(link.businessId)),
      chosen,
    });
    const dueDates = tasks.map((task) => ({ taskId: task.id, dueDate: calendar.dueDate(period, task.expirationDate) }));
    return { ...period, tasks, rows, summary: summaryOf(tasks, rows), dueDates, today };
  }

  /** 'Javier Pérez' for each company owner ('Encargado') named, as the board's filter shows them. */
  return {
    /** The saved cells of these periods, for the morning digest (a cell without a row is 'No comenzado'). */
    listSavedCells: (periods: readonly Period[]) => taskStatesRepository.listForPeriods(db, periods),

    getBoard,

    /**
     * The board as an .xlsx, streamed: the companies asked for (those the browser
     * shows after its filters), in that order, and the tasks shown (all when none are named),
     * from the board the GET answers. Ids not on the month's board are left out.
     */
    async exportBoard(
      period: Period,
      input: { businessIds: readonly number[]; taskIds?: readonly number[] | undefined },
    ): Promise<Readable> {
      const board = await getBoard(period);
      const rows = rowsInOrder(board.rows, (row) => row.id, input.businessIds);
      const owners = await deps.fullNamesOf(rows.map((row) => row.responsibleUserId));
      return xlsxStream(
        taskBoardSheet(board, rows, input.taskIds, (id) => (id === null ? null : (owners.get(id) ?? null))),
      );
    },

    /**
     * Changes one cell: only an owner or the task's responsible (the shared policy), never an
     * 'N/A' cell (the task does not apply, the contract does not cover the month, or the month is
     * before the company's 'Seguimiento desde'). The state and its history entry are written in one transaction; then the cell
     * goes out live.
     */
    async updateState(
      actor: AuthUser,
      period: Period,
      target: { businessId: number; taskId: number },
      input: UpdateInput,
      activityActor: ActivityActor,
    ): Promise<TaskCellChange> {
      assertSelectable(period);
      const task = await deps.tasks.findRow(target.taskId);
      if (!task) throw notFound(tasksMsg.taskNotFound);
      if (!can(actor, 'task-state:change', { responsableId: task.responsable.id })) {
        throw forbidden(tasksMsg.notResponsible);
      }
      const { lastDay } = periodBounds(period);
      const [business, applying] = await Promise.all([
        deps.getBusiness(target.businessId),
        deps.tasks.listApplying(lastDay, target.businessId),
      ]);
      const applies =
        isContractActiveIn(business, period) &&
        isTrackedIn(business, period) &&
        applying.some((link) => link.taskId === target.taskId);
      if (!applies) throw badRequest(tasksMsg.taskDoesNotApply, 'taskId');

      const user = await deps.getUser(actor.id);
      const userName = shortName(user.name, user.lastName);
      const value = input.value === '' ? null : input.value;
      const { updatedAt } = await taskStatesRepository.changeCell(db, {
        cell: { businessId: target.businessId, column: target.taskId, ...period },
        state: input.state,
        value,
        initial: TASK_STATE_INITIAL,
        by: { id: actor.id, name: userName },
        activity: {
          actor: activityActor,
          kind: 'task_state',
          columnName: task.name,
          stateNames: new Map(TASK_STATES.map((state) => [state, state])),
        },
      });

      const change: TaskCellChange = {
        ...period,
        businessId: target.businessId,
        cell: {
          taskId: target.taskId,
          state: input.state,
          value,
          lastChange: { by: userName, at: updatedAt.toISOString() },
        },
      };
      deps.events.emit('task-state.changed', change);
      return change;
    },

    async history(cell: { businessId: number; taskId: number } & Period): Promise<TaskHistoryEntry[]> {
      const rows = await taskStatesRepository.listHistory(db, { ...cell, column: cell.taskId });
      return rows.map((row) => ({
        id: row.id,
        fromState: row.fromState,
        toState: row.toState,
        value: row.value,
        by: row.userName,
        at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type TaskBoardService = ReturnType<typeof createTaskBoardService>;
