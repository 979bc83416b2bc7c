import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { taxCalendarRoutes } from './tax-calendar.routes.ts';
import { createTaxCalendarService, type TaxCalendarDeps } from './tax-calendar.service.ts';
import { TAX_YEAR_SHEET_RULES } from './tax-year-import.ts';

export interface TaxCalendarModuleDeps extends TaxCalendarDeps {
  db: Db;
}

/**
 * 'Calendario AT' (the tax year's annual dates over the shipped ones), 'Calendario tributario' (each
 * day's due obligations with how many companies are done, pending and late) and the personal .ics feed.
 */
export function createTaxCalendarModule(deps: TaxCalendarModuleDeps) {
  const taxCalendar = createTaxCalendarService(deps.db, deps);
  return {
    ...taxCalendar,
    routes: (app: FastifyInstance) =>
      app.register(async (scope) => {
        // The 'Calendario AT' import: one small sheet a request.
        await scope.register(multipart, {
          limits: {
            fileSize: TAX_YEAR_SHEET_RULES.limits.maxBytes + 1,
            files: 1,
            fields: 5,
            fieldSize: 1000,
            parts: 6,
          },
        });
        await scope.register(taxCalendarRoutes, { taxCalendar });
      }),
  };
}
