import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';
import { profitabilityRoutes } from './profitability.routes.ts';
import { createProfitabilityService, type ProfitabilityDeps } from './profitability.service.ts';
import { sendTimerChanges, TIME_ROOM } from './time.events.ts';
import { timeRoutes } from './time.routes.ts';
import { createTimeService, type TimeDeps } from './time.service.ts';

export interface TimeModuleDeps extends TimeDeps, ProfitabilityDeps {
  db: Db;
  events: TimeDeps['events'] & Parameters<typeof sendTimerChanges>[0];
}

/**
 * 'Registro de tiempo' (the timer, entries, the week's grid, hourly costs, the morning reminder's
 * setting) and the profitability per company that weighs its hours against the fee billed.
 */
export function createTimeModule(deps: TimeModuleDeps) {
  const time = createTimeService(deps.db, deps);
  const profitability = createProfitabilityService(deps.db, deps);
  return {
    /** The morning digest's reminder: users with it on and nothing logged on that day. */
    remindedWithoutTimeOn: time.remindedWithoutTimeOn,
    /** The morning digest's warning: timers started before today and still running. */
    timersRunningBefore: time.timersRunningBefore,
    /** The demo and the bench log time through these, under the API's rules. */
    startTimer: time.start,
    stopTimer: time.stop,
    createEntry: time.create,
    setHourlyCost: time.setCost,
    listHourlyCosts: time.costs,
    week: time.week,
    profitability: profitability.month,
    routes: async (app: FastifyInstance) => {
      await app.register(timeRoutes, { time });
      await app.register(profitabilityRoutes, { profitability });
    },
    live: { room: TIME_ROOM, goLive: (live: LiveRooms) => sendTimerChanges(deps.events, live) },
  };
}
