import type { FastifyInstance } from 'fastify';
import { businessDetailRoutes } from './business-detail.routes.ts';
import { createBusinessDetailReader } from './business-detail.ts';

export type BusinessDetailModuleDeps = Parameters<typeof createBusinessDetailReader>[0];

/** The company page, wired after the features it gathers (service links, client users, credentials). */
export function createBusinessDetailModule(deps: BusinessDetailModuleDeps) {
  const getDetail = createBusinessDetailReader(deps);
  return {
    getDetail,
    routes: (app: FastifyInstance) => app.register(businessDetailRoutes, { getDetail }),
  };
}
