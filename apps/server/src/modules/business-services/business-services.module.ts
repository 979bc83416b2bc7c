import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createApplyingServicesReader } from './applying-services.ts';
import { businessServicesSql } from './business-services.repository.ts';
import { businessServicesRoutes } from './business-services.routes.ts';
import { createBusinessServicesService } from './business-services.service.ts';

type ServiceDeps = Parameters<typeof createBusinessServicesService>[1];

export interface BusinessServicesModuleDeps extends ServiceDeps {
  db: Db;
  /** The services module's services active in a month. */
  listServicesForMonth(month: number): Promise<{ service: { id: number; name: string } }[]>;
}

export function createBusinessServicesModule(deps: BusinessServicesModuleDeps) {
  const businessServices = createBusinessServicesService(deps.db, deps);
  const listApplyingServices = createApplyingServicesReader({
    listApplying: businessServices.listApplying,
    listServicesForMonth: deps.listServicesForMonth,
  });
  return {
    ...businessServices,
    listApplyingServices,
    routes: (app: FastifyInstance) => app.register(businessServicesRoutes, { businessServices }),
  };
}

/** SQL fragments another module's aggregate embeds (the tax calendar's counts). */
export { businessServicesSql };
