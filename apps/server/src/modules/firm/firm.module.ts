import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { firmRoutes } from './firm.routes.ts';
import { createFirmService, type FirmDeps } from './firm.service.ts';

export type { FirmIdentity } from './firm.service.ts';

export interface FirmModuleDeps extends FirmDeps {
  db: Db;
}

/**
 * 'Datos del estudio': the one place of the firm's identity (name, RUT, address, logo) that the
 * account statements and the monthly reports carry, and the monthly report's e-mail day.
 */
export function createFirmModule(deps: FirmModuleDeps) {
  const firm = createFirmService(deps.db, deps);
  return {
    /** The identity the PDFs draw at the top. */
    identity: firm.identity,
    /** The day the previous month's report goes out by e-mail (null: never). */
    reportDay: firm.reportDay,
    /** Saves the settings and the logo (the demo's firm), under the API's rules. */
    save: firm.save,
    setLogo: firm.setLogo,
    routes: (app: FastifyInstance) => app.register(firmRoutes, { firm }),
  };
}
