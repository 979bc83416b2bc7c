import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { companyImportRoutes } from './company-import.routes.ts';
import { type CompanyImportDeps, createCompanyImportService } from './company-import.service.ts';

export interface CompanyImportModuleDeps extends CompanyImportDeps {
  db: Db;
}

/** 'Importar empresas' from a spreadsheet. */
export function createCompanyImportModule(deps: CompanyImportModuleDeps) {
  const companyImport = createCompanyImportService(deps.db, deps);
  return { companyImport, routes: (app: FastifyInstance) => app.register(companyImportRoutes, { companyImport }) };
}
