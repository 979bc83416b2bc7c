import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { groupsRoutes } from './groups.routes.ts';
import { createGroupsService } from './groups.service.ts';

export interface GroupsModuleDeps {
  db: Db;
  changes: TableChanges;
  /** The companies module's check: 400 on the field when an id names no company. */
  assertBusinessesExist(ids: number[], field: string): Promise<void>;
}

export function createGroupsModule(deps: GroupsModuleDeps) {
  const groups = createGroupsService(deps.db, deps);
  return {
    ...groups,
    routes: (app: FastifyInstance) => app.register(groupsRoutes, { groups }),
  };
}
