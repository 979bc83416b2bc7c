import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { servicesRoutes } from './services.routes.ts';
import { createServicesService } from './services.service.ts';
import { servicesCatalogueRoutes } from './services-catalogue.routes.ts';
import { type CatalogueDeps, createServicesCatalogue } from './services-catalogue.ts';

export interface ServicesModuleDeps {
  db: Db;
  events: EventBus;
  changes: TableChanges;
  /** The requests module's templates: the tax catalogue compares and writes them. */
  requestTemplates: CatalogueDeps;
}

export function createServicesModule(deps: ServicesModuleDeps) {
  const services = createServicesService(deps.db, deps);
  const catalogue = createServicesCatalogue(deps.db, deps.requestTemplates);
  return {
    ...services,
    /** The tax catalogue ('Cargar obligaciones del SII'). */
    catalogue,
    routes: async (app: FastifyInstance) => {
      // The catalogue's fixed paths before /api/service/:id.
      await app.register(servicesCatalogueRoutes, { catalogue });
      await app.register(servicesRoutes, { services });
    },
  };
}
