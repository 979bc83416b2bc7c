import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';
import { MONTHLY_BOARD_ROOM, sendMonthlyStateChanges } from './monthly-states.events.ts';
import { monthlyStatesSql } from './monthly-states.repository.ts';
import { monthlyStatesRoutes } from './monthly-states.routes.ts';
import { createMonthlyStatesService } from './monthly-states.service.ts';

type ServiceDeps = Parameters<typeof createMonthlyStatesService>[1];

export interface MonthlyStatesModuleDeps {
  db: Db;
  events: EventBus;
  changes: TableChanges;
  /** Companies whose contract covers the period (companies module). */
  listActiveBusinesses: ServiceDeps['listActiveBusinesses'];
  getBusiness: ServiceDeps['getBusiness'];
  /** 400 on the field when any id names no company (companies module). */
  assertBusinessesExist: ServiceDeps['assertBusinessesExist'];
  /** Services active that month, with their states (services module). */
  listServicesForMonth: ServiceDeps['listServicesForMonth'];
  /** Links that apply by the period's last day (business-services module). */
  listApplying: ServiceDeps['listApplying'];
  /** The firm's calendar of business days (holidays module). */
  businessCalendar: ServiceDeps['businessCalendar'];
  /** A service's states, named in a cell's history (services module). */
  listServiceStates: ServiceDeps['listServiceStates'];
  /** The annual dates of 'Calendario AT' by key and tax year (tax-calendar module). */
  annualDueDates: ServiceDeps['annualDueDates'];
  /** Who is acting, and the companies' owners' names (users module). */
  getUser: ServiceDeps['getUser'];
  fullNamesOf: ServiceDeps['fullNamesOf'];
  /** The clock overdue cells are judged by (tests set it). */
  now?: ServiceDeps['now'];
}

/** The monthly board: its routes, and its cell changes sent live to the board's room. */
export function createMonthlyStatesModule(deps: MonthlyStatesModuleDeps) {
  const monthlyStates = createMonthlyStatesService(deps.db, deps);
  return {
    ...monthlyStates,
    routes: (app: FastifyInstance) => app.register(monthlyStatesRoutes, { monthlyStates }),
    live: { room: MONTHLY_BOARD_ROOM, goLive: (live: LiveRooms) => sendMonthlyStateChanges(deps.events, live) },
  };
}

/** SQL fragments another module's aggregate embeds (the tax calendar's counts). */
export { monthlyStatesSql };
