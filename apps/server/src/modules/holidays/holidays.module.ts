import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { holidaysRoutes } from './holidays.routes.ts';
import { createHolidaysService } from './holidays.service.ts';

export interface HolidaysModuleDeps {
  db: Db;
  changes: TableChanges;
}

/** The firm's extra holidays and its calendar of business days (`calendar`), which the due dates use. */
export function createHolidaysModule(deps: HolidaysModuleDeps) {
  const holidays = createHolidaysService(deps.db, deps);
  return {
    ...holidays,
    routes: (app: FastifyInstance) => app.register(holidaysRoutes, { holidays }),
  };
}
