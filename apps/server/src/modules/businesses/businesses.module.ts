import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { businessesSql } from './businesses.repository.ts';
import { businessesRoutes } from './businesses.routes.ts';
import { createBusinessesService } from './businesses.service.ts';

export interface BusinessesModuleDeps {
  db: Db;
  events: EventBus;
  changes: TableChanges;
  /** Users module: whether the user is staff, the row locked until the caller's transaction ends. */
  isStaffWhileWriting(tx: DbOrTx, userId: number): Promise<boolean>;
  listStaff(): Promise<{ id: number; name: string; lastName: string }[]>;
}

/** Companies; their page, which reads from the features built on them, is business-detail.module.ts. */
export function createBusinessesModule(deps: BusinessesModuleDeps) {
  const businesses = createBusinessesService(deps.db, deps);
  return {
    ...businesses,
    routes: (app: FastifyInstance) => app.register(businessesRoutes, { businesses }),
  };
}

/** SQL fragments another module's aggregate embeds (the tax calendar's counts). */
export { businessesSql };
