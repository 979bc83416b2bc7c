import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { servicesRoutes } from './services.routes.ts';
import { createServicesService } from './services.service.ts';

export interface ServicesModuleDeps {
  db: Db;
  events: EventBus;
  changes: TableChanges;
}

export function createServicesModule(deps: ServicesModuleDeps) {
  const services = createServicesService(deps.db, deps);
  return {
    ...services,
    routes: (app: FastifyInstance) => app.register(servicesRoutes, { services }),
  };
}
