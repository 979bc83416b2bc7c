import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { businessImportRoutes } from './business-import.routes.ts';
import { type BusinessImportDeps, createBusinessImportService } from './business-import.service.ts';

export interface BusinessImportModuleDeps extends BusinessImportDeps {
  db: Db;
}

/** 'Importar empresas' from a spreadsheet. */
export function createBusinessImportModule(deps: BusinessImportModuleDeps) {
  const businessImport = createBusinessImportService(deps.db, deps);
  return {
    ...businessImport,
    routes: (app: FastifyInstance) => app.register(businessImportRoutes, { businessImport }),
  };
}
