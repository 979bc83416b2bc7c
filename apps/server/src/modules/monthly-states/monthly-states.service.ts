import { msg } from '@app/shared/messages';
import { boardMsg } from '@app/shared/messages-board';
import { isContractActiveIn, type Period, periodBounds } from '@app/shared/period';
import {
  type BoardCellChange,
  type BoardService,
  type HistoryEntry,
  type MonthlyBoard,
  type MonthlyStateUpdateSchema,
  shortName,
} from '@app/shared/schemas/monthly-states';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import type { EventBus } from '../../lib/events.ts';
import { assertSelectable } from '../../lib/selectable-period.ts';
import { createBuiltJsonCache, type TableChanges } from '../../lib/table-cache.ts';
import { type BoardParts, buildBoardRows } from './monthly-board.ts';
import { monthlyStatesRepository } from './monthly-states.repository.ts';

type UpdateInput = z.output<typeof MonthlyStateUpdateSchema>;

/** Every table the board shows (each notifies its changes, migration 0010). */
const BOARD_TABLES = [
  'businesses',
  'business_services',
  'services',
  'service_states',
  'service_months_active',
  'monthly_states',
] as const;

interface Deps {
  events: EventBus;
  changes: TableChanges;
  /** Companies whose contract covers the period (companies module). */
  listActiveBusinesses(period: Period): Promise<BoardParts['businesses']>;
  getBusiness(
    id: number,
  ): Promise<BoardParts['businesses'][number] & { startContract: string; endContract: string | null }>;
  /** Services active that month, by order, with their states (services module). */
  listServicesForMonth(
    month: number,
  ): Promise<{ service: { id: number; name: string; order: number }; states: BoardService['states'] }[]>;
  /** Links that apply by the period's last day (business-services module). */
  listApplying(lastDay: string, businessId?: number): Promise<BoardParts['applying']>;
  /** Who is acting, for the cell's 'Javier P., 12-03-2026 10:41' (users module). */
  getUser(id: number): Promise<{ name: string; lastName: string }>;
}

/** The monthly board (spec 1 §2.5, §3, §4; DESIGN.md §4): read a month, change a cell, keep every change. */
export function createMonthlyStatesService(db: Db, deps: Deps) {
  // A few recent periods; the board of 2,000 companies is ~3 MB of JSON.
  const cache = createBuiltJsonCache(deps.changes, BOARD_TABLES, 4);

  async function loadServices(month: number): Promise<BoardService[]> {
    const listed = await deps.listServicesForMonth(month);
    return listed.map(({ service, states }) => ({ id: service.id, name: service.name, order: service.order, states }));
  }

  /** A company's row of the board, rebuilt after its cell changed (only its chosen states are read again). */
  async function rowOf(
    period: Period,
    business: BoardParts['businesses'][number],
    applying: BoardParts['applying'],
    services: BoardService[],
  ) {
    const chosen = await monthlyStatesRepository.listForPeriod(db, period.year, period.month, business.id);
    const [row] = buildBoardRows({ businesses: [business], services, applying, chosen });
    if (!row) throw notFound(msg.businessNotFound);
    return row;
  }

  return {
    /**
     * The board as JSON, built once per change: while nothing it shows has changed (none of its
     * tables, in any instance), every reader gets the same bytes.
     */
    async getBuiltBoard(period: Period): Promise<BuiltJson> {
      assertSelectable(period);
      return cache.get(`${period.year}-${period.month}`, () => this.getBoard(period));
    },

    async getBoard(period: Period): Promise<MonthlyBoard> {
      assertSelectable(period);
      const { lastDay } = periodBounds(period);
      const [businesses, services, applying, chosen] = await Promise.all([
        deps.listActiveBusinesses(period),
        loadServices(period.month),
        deps.listApplying(lastDay),
        monthlyStatesRepository.listForPeriod(db, period.year, period.month),
      ]);
      return { ...period, services, rows: buildBoardRows({ businesses, services, applying, chosen }) };
    },

    /**
     * Changes one cell. The state must be one of the service's, the service must apply to the
     * company that month (never an 'N/A' cell), and a state with hasValue needs a value. The
     * state and its history entry are written in one transaction; then the row goes out live.
     */
    async updateState(actor: AuthUser, period: Period, input: UpdateInput): Promise<BoardCellChange> {
      assertSelectable(period);
      const { lastDay } = periodBounds(period);
      const services = await loadServices(period.month);
      const service = services.find((candidate) => candidate.id === input.serviceId);
      const [business, applying] = await Promise.all([
        deps.getBusiness(input.businessId),
        deps.listApplying(lastDay, input.businessId),
      ]);
      const applies =
        service !== undefined &&
        isContractActiveIn(business, period) &&
        applying.some((link) => link.serviceId === input.serviceId);
      if (!service || !applies) throw badRequest(boardMsg.serviceDoesNotApply, 'serviceId');
      const state = service.states.find((candidate) => candidate.id === input.stateId);
      if (!state) throw badRequest(boardMsg.stateNotOfService, 'stateId');
      const value = state.hasValue ? (input.optionalValue ?? null) : null;
      if (state.hasValue && value === null) throw badRequest(boardMsg.valueRequired, 'optionalValue');

      const user = await deps.getUser(actor.id);
      const userName = shortName(user.name, user.lastName);
      const cell = { businessId: input.businessId, serviceId: input.serviceId, ...period };
      await db.transaction(async (tx) => {
        const previous = await monthlyStatesRepository.findForUpdate(tx, cell);
        await monthlyStatesRepository.upsert(tx, {
          ...cell,
          stateId: state.id,
          value,
          updatedBy: actor.id,
          updatedByName: userName,
        });
        await monthlyStatesRepository.insertHistory(tx, {
          ...cell,
          fromStateId: previous?.stateId ?? service.states[0]?.id ?? null,
          toStateId: state.id,
          value,
          userId: actor.id,
          userName,
        });
      });

      const row = await rowOf(period, business, applying, services);
      const changed = row.cells.find((candidate) => candidate.serviceId === input.serviceId);
      if (!changed) throw notFound(boardMsg.serviceNotFound);
      const change = { ...period, businessId: input.businessId, progress: row.progress, cell: changed };
      deps.events.emit('monthly-state.changed', change);
      return change;
    },

    async history(cell: { businessId: number; serviceId: number } & Period): Promise<HistoryEntry[]> {
      const rows = await monthlyStatesRepository.listHistory(db, cell);
      return rows.map((row) => ({
        id: row.id,
        fromState: row.fromState?.id ? row.fromState : null,
        toState: row.toState?.id ? row.toState : null,
        value: row.value,
        by: row.userName,
        at: row.createdAt.toISOString(),
      }));
    },
  };
}

export type MonthlyStatesService = ReturnType<typeof createMonthlyStatesService>;
