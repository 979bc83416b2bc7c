import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { businessesRoutes } from './businesses.routes.ts';
import { createBusinessesService } from './businesses.service.ts';

export interface BusinessesModuleDeps {
  db: Db;
  events: EventBus;
  changes: TableChanges;
}

/** Companies; their page, which reads from the features built on them, is business-detail.module.ts. */
export function createBusinessesModule(deps: BusinessesModuleDeps) {
  const businesses = createBusinessesService(deps.db, deps);
  return { businesses, routes: (app: FastifyInstance) => app.register(businessesRoutes, { businesses }) };
}
