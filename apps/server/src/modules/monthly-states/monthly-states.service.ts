import type { Readable } from 'node:stream';
import { type BusinessCalendar, serviceDueDates } from '@app/shared/due-dates-cl';
import { boardMsg } from '@app/shared/messages-board';
import { isTrackedIn, type Period, periodBounds, santiagoDate } from '@app/shared/period';
import type { MonthlyStateBulkSchema } from '@app/shared/schemas/board-bulk';
import {
  type BoardCellChange,
  type BoardService,
  type HistoryEntry,
  type MonthlyBoard,
  MonthlyBoardSchema,
  type MonthlyStateUpdateSchema,
  shortName,
} from '@app/shared/schemas/monthly-states';
import type { z } from 'zod';
import type { CellActivity } from '../../db/cell-history.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import type { EventBus } from '../../lib/events.ts';
import { rowsInOrder } from '../../lib/rows-in-order.ts';
import { assertSelectable } from '../../lib/selectable-period.ts';
import { createBuiltJsonCache, createTableCache, type TableChanges, type TablesRead } from '../../lib/table-cache.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import { type BoardParts, buildBoardRows, cellKey, type ServiceDueDates } from './monthly-board.ts';
import { monthlyBoardSheet } from './monthly-board-export.ts';
import { monthlyStatesRepository } from './monthly-states.repository.ts';
import { monthlyStates } from './monthly-states.tables.ts';

type UpdateInput = z.output<typeof MonthlyStateUpdateSchema>;
type BulkInput = z.output<typeof MonthlyStateBulkSchema>;

interface Deps {
  events: EventBus;
  changes: TableChanges;
  /** Companies whose contract covers the period (companies module), with the tables it reads. */
  listActiveBusinesses: ((period: Period) => Promise<BoardParts['businesses']>) & TablesRead;
  /** A company, 404 when there is none (companies module). */
  getBusiness(id: number): Promise<unknown>;
  /** 400 on the field when any id names no company (companies module). */
  assertBusinessesExist(ids: number[], field: string): Promise<void>;
  /** Services active that month, by order, with their states (services module), with the tables it reads. */
  listServicesForMonth: ((month: number) => Promise<
    {
      service: {
        id: number;
        name: string;
        order: number;
        dueDay: number | null;
        dueDayElectronic: number | null;
        dueDayShift: boolean;
        dueDayElectronicShift: boolean;
        catalogueKey?: string | null;
      };
      states: BoardService['states'];
    }[]
  >) &
    TablesRead;
  /** Links that apply by the period's last day (business-services module), with the tables it reads. */
  listApplying: ((lastDay: string, businessId?: number) => Promise<{ businessId: number; serviceId: number }[]>) &
    TablesRead;
  /** The firm's calendar of business days, its extra holidays included (holidays module), with the table it reads. */
  businessCalendar: (() => Promise<BusinessCalendar>) & TablesRead;
  /** A service's states with their names and colours (services module): the history names them. */
  listServiceStates(serviceIds: number[]): Promise<{ id: number; name: string; color: string }[]>;
  /** `(key, taxYear) => date | null`: an annual service's dates (tax-calendar module), with the tables it reads. */
  annualDueDates: (() => Promise<(key: string, taxYear: number) => string | null>) & TablesRead;
  /** Who is acting, for the cell's 'Javier P., 12-03-2026 10:41' (users module). */
  getUser(id: number): Promise<{ name: string; lastName: string }>;
  /** The companies' owners' full names by user id ('' for one deleted meanwhile; users module). */
  fullNamesOf(ids: readonly (number | null)[]): Promise<Map<number, string>>;
  /** The clock overdue is judged by (tests set it). */
  now?: () => Date;
}

/** Everything of a month's board but its chosen states and the day: what a cell change is checked against. */
type PeriodParts = Omit<BoardParts, 'chosen' | 'today'> & {
  businessById: Map<number, BoardParts['businesses'][number]>;
};

/** The activity entry of a change of a service's cells: states by name. */
const cellActivity = (
  actor: ActivityActor,
  service: { name: string; states: readonly { id: number; name: string }[] },
): CellActivity<number> => ({
  actor,
  kind: 'monthly_state',
  columnName: service.name,
  stateNames: new Map(service.states.map((state) => [state.id, state.name])),
});

/** The monthly board: read a month, change a cell, keep every change. */
export function createMonthlyStatesService(db: Db, deps: Deps) {
  const now = deps.now ?? (() => new Date());
  // Companies, columns and links of a few recent periods: they change seldom, while cells change
  // all day; each cell change is checked against them without reading the database.
  // The other modules' tables these parts are read from, named by the functions that read them.
  const partsTables = [
    ...deps.listActiveBusinesses.tables,
    ...deps.listApplying.tables,
    ...deps.listServicesForMonth.tables,
    ...deps.businessCalendar.tables,
    ...deps.annualDueDates.tables,
  ];
  const partsCache = createTableCache<PeriodParts>(deps.changes, {
    name: 'monthly-board-parts',
    tables: partsTables,
    maxEntries: 4,
  });
  // The board of 2,000 companies is ~3 MB of JSON.
  const boardCache = createBuiltJsonCache(deps.changes, {
    name: 'monthly-board',
    tables: [...partsTables, monthlyStates],
    schema: MonthlyBoardSchema,
    maxEntries: 4,
  });

  function partsOf(period: Period): Promise<PeriodParts> {
    return partsCache.get(`${period.year}-${period.month}`, async () => {
      const [active, listed, applying, calendar, annualDueDate] = await Promise.all([
        deps.listActiveBusinesses(period),
        deps.listServicesForMonth(period.month),
        deps.listApplying(periodBounds(period).lastDay),
        deps.businessCalendar(),
        deps.annualDueDates(),
      ]);
      // Before a company's 'Seguimiento desde' month no service applies: its cells are 'N/A'.
      const tracked = new Set(active.filter((business) => isTrackedIn(business, period)).map(({ id }) => id));
      return {
        businesses: active,
        services: listed.map(({ service, states }) => ({
          id: service.id,
          name: service.name,
          order: service.order,
          states,
        })),
        applies: new Set(
          applying
            .filter((link) => tracked.has(link.businessId))
            .map((link) => cellKey(link.businessId, link.serviceId)),
        ),
        // Two dates per column at most (paper, online): the holiday rule runs here, not per cell. An
        // annual service takes its tax year's date in the period that date belongs to.
        dueDates: new Map(
          listed.map(({ service }): [number, ServiceDueDates] => [
            service.id,
            serviceDueDates(service, period, annualDueDate, calendar),
          ]),
        ),
        businessById: new Map(active.map((business) => [business.id, business])),
      };
    });
  }

  async function builtBoard(period: Period): Promise<BuiltJson> {
    assertSelectable(period);
    const today = santiagoDate(now());
    return boardCache.get(`${period.year}-${period.month}@${today}`, () => getBoard(period, today));
  }

  /** 'Javier Pérez' for each company owner ('Encargado') named, as the board's filter shows them. */
  async function getBoard(period: Period, today = santiagoDate(now())): Promise<MonthlyBoard> {
    assertSelectable(period);
    const [parts, chosen] = await Promise.all([partsOf(period), monthlyStatesRepository.listForPeriod(db, period)]);
    return { ...period, services: parts.services, rows: buildBoardRows({ ...parts, chosen, today }), today };
  }

  return {
    /** The saved cells of these periods, for the morning digest (a cell without a row is at its first state). */
    listSavedCells: (periods: readonly Period[]) => monthlyStatesRepository.listForPeriods(db, periods),

    /**
     * The board as JSON, built once per change: while nothing it shows has changed (none of its
     * tables, in any instance), every reader gets the same bytes. Overdue marks depend on the day
     * in Santiago, so a board is kept for the day it was built on only.
     */
    getBuiltBoard: builtBoard,

    getBoard: (period: Period) => getBoard(period),

    /**
     * One company's row of a month's board, exactly as the board shows it (the same parts and
     * rules: 'N/A' cells, a cell without a saved state at its service's first state, due dates,
     * overdue marks), with the month's services and when each saved cell reached its state (the
     * monthly report lists it). A company whose contract does not cover the month has every cell 'N/A'.
     */
    async companyMonth(period: Period, businessId: number, today = santiagoDate(now())) {
      assertSelectable(period);
      const [parts, chosen, reached] = await Promise.all([
        partsOf(period),
        monthlyStatesRepository.listForPeriod(db, period, businessId),
        monthlyStatesRepository.reachedOf(db, period, businessId),
      ]);
      const business = parts.businessById.get(businessId);
      const [row] = business ? buildBoardRows({ ...parts, businesses: [business], chosen, today }) : [];
      return { ...period, today, services: parts.services, row: row ?? null, reached };
    },

    /**
     * The board as an .xlsx, streamed: the companies asked for (those the browser
     * shows after its filters), in that order, read from the same built board the GET answers,
     * so nothing it computed is queried again. Ids not on the month's board are left out.
     */
    async exportBoard(period: Period, businessIds: readonly number[]): Promise<Readable> {
      const built = await builtBoard(period);
      const board = JSON.parse(built.json.toString('utf8')) as MonthlyBoard;
      const rows = rowsInOrder(board.rows, (row) => row.business.id, businessIds);
      const owners = await deps.fullNamesOf(rows.map((row) => row.business.responsibleUserId));
      return xlsxStream(monthlyBoardSheet(board, rows, (id) => (id === null ? null : (owners.get(id) ?? null))));
    },

    /**
     * Changes one cell. The state must be one of the service's, the service must apply to the
     * company that month (never an 'N/A' cell), and a state with hasValue needs a value. The
     * state and its history entry are written in one transaction; then the row goes out live.
     */
    async updateState(
      actor: AuthUser,
      period: Period,
      input: UpdateInput,
      activityActor: ActivityActor,
    ): Promise<BoardCellChange> {
      assertSelectable(period);
      const parts = await partsOf(period);
      const business = parts.businessById.get(input.businessId);
      if (!business) {
        await deps.getBusiness(input.businessId); // 404 when there is no such company
        throw badRequest(boardMsg.serviceDoesNotApply, 'serviceId'); // its contract does not cover the month
      }
      const service = parts.services.find((candidate) => candidate.id === input.serviceId);
      if (!service || !parts.applies.has(cellKey(business.id, service.id))) {
        throw badRequest(boardMsg.serviceDoesNotApply, 'serviceId');
      }
      const state = service.states.find((candidate) => candidate.id === input.stateId);
      if (!state) throw badRequest(boardMsg.stateNotOfService, 'stateId');
      const value = state.hasValue ? (input.optionalValue ?? null) : null;
      if (state.hasValue && value === null) throw badRequest(boardMsg.valueRequired, 'optionalValue');

      const user = await deps.getUser(actor.id);
      const userName = shortName(user.name, user.lastName);
      const saved = await monthlyStatesRepository.changeCell(
        db,
        {
          cell: { businessId: business.id, column: service.id, ...period },
          state: state.id,
          value,
          initial: service.states[0]?.id ?? null,
          by: { id: actor.id, name: userName },
          activity: cellActivity(activityActor, service),
        },
        parts.services.map((column) => column.id),
      );

      const mine = { businessId: business.id, column: service.id, state: state.id, value, updatedByName: userName };
      const [row] = buildBoardRows({
        ...parts,
        businesses: [business],
        chosen: saved.unchanged ? saved.row : [...saved.row, { ...mine, updatedAt: saved.updatedAt }],
        today: santiagoDate(now()),
      });
      const changed = row?.cells.find((candidate) => candidate.serviceId === service.id);
      if (!row || !changed) throw notFound(boardMsg.serviceNotFound);
      const change = { ...period, businessId: business.id, progress: row.progress, cell: changed };
      // Nothing written, nothing for the other boards to follow.
      if (!saved.unchanged) deps.events.emit('monthly-state.changed', change);
      return change;
    },
    /**
     * A bulk change: one service's state, and its value once, for every company named.
     * Checked as the single change is (the state one of the service's, the value a state with
     * hasValue needs; an unknown company refuses the whole change). Companies where the service does
     * not apply that month (the board's 'N/A', or not on the month's board at all) are skipped and
     * counted. Cells already at that state and value are not written and not counted: `updated` is
     * the cells written. All of them, each with its history entry, in one transaction; then one event
     * with every cell written, none when nothing was.
     */
    async bulkUpdate(
      actor: AuthUser,
      period: Period,
      input: BulkInput,
      activityActor: ActivityActor,
    ): Promise<{ updated: number; skipped: number; unchanged: number; changes: BoardCellChange[] }> {
      assertSelectable(period);
      const parts = await partsOf(period);
      const service = parts.services.find((candidate) => candidate.id === input.serviceId);
      if (!service) throw badRequest(boardMsg.serviceDoesNotApply, 'serviceId');
      const state = service.states.find((candidate) => candidate.id === input.stateId);
      if (!state) throw badRequest(boardMsg.stateNotOfService, 'stateId');
      const value = state.hasValue ? (input.optionalValue ?? null) : null;
      if (state.hasValue && value === null) throw badRequest(boardMsg.valueRequired, 'optionalValue');
      const offBoard = input.businessIds.filter((id) => !parts.businessById.has(id));
      if (offBoard.length) await deps.assertBusinessesExist(offBoard, 'businessIds');

      const applying = input.businessIds.filter(
        (id) => parts.businessById.has(id) && parts.applies.has(cellKey(id, service.id)),
      );
      const skipped = input.businessIds.length - applying.length;
      if (!applying.length) return { updated: 0, skipped, unchanged: 0, changes: [] };

      const user = await deps.getUser(actor.id);
      const saved = await monthlyStatesRepository.changeCells(
        db,
        {
          businessIds: applying,
          column: service.id,
          ...period,
          state: state.id,
          value,
          initial: service.states[0]?.id ?? null,
          by: { id: actor.id, name: shortName(user.name, user.lastName) },
          activity: cellActivity(activityActor, service),
        },
        parts.services.map((column) => column.id),
      );
      const rows = buildBoardRows({
        ...parts,
        businesses: saved.changed.flatMap((id) => parts.businessById.get(id) ?? []),
        chosen: saved.rows,
        today: santiagoDate(now()),
      });
      const changes = rows.flatMap((row): BoardCellChange[] => {
        const cell = row.cells.find((candidate) => candidate.serviceId === service.id);
        return cell ? [{ ...period, businessId: row.business.id, progress: row.progress, cell }] : [];
      });
      if (changes.length) deps.events.emit('monthly-states.bulk-changed', { ...period, changes });
      // Those already at that state and value were left alone: counted, so the answer adds up.
      return { updated: changes.length, skipped, unchanged: applying.length - saved.changed.length, changes };
    },

    async history(cell: { businessId: number; serviceId: number } & Period): Promise<HistoryEntry[]> {
      const [rows, states] = await Promise.all([
        monthlyStatesRepository.listHistory(db, cell),
        deps.listServiceStates([cell.serviceId]),
      ]);
      // A state deleted since is no longer named (its entries keep null, as the table's set null leaves them).
      const stateById = new Map(states.map(({ id, name, color }) => [id, { id, name, color }]));
      const stateOf = (id: number | null) => (id === null ? null : (stateById.get(id) ?? null));
      return rows.map((row) => ({
        id: row.id,
        fromState: stateOf(row.fromStateId),
        toState: stateOf(row.toStateId),
        fromValue: row.fromValue,
        value: row.value,
        by: row.userName,
        at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type MonthlyStatesService = ReturnType<typeof createMonthlyStatesService>;
