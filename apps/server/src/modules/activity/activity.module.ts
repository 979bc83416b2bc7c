import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { activityRoutes } from './activity.routes.ts';
import { createActivityService } from './activity.service.ts';

export interface ActivityModuleDeps {
  db: Db;
}

/** The activity log's read side: the owners' page and its CSV. The writes are each module's own. */
export function createActivityModule(deps: ActivityModuleDeps) {
  const activity = createActivityService(deps.db);
  return {
    ...activity,
    routes: (app: FastifyInstance) => app.register(activityRoutes, { activity }),
  };
}
