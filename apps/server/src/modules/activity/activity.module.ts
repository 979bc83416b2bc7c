import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { activityRoutes } from './activity.routes.ts';
import { createActivityService } from './activity.service.ts';
import { createActivityArchive } from './activity-archive.ts';

export interface ActivityModuleDeps {
  db: Db;
}

/**
 * The activity log's read side: the owners' page and its CSV, and the archive of its oldest entries
 * before a purge. The writes are each module's own.
 */
export function createActivityModule(deps: ActivityModuleDeps) {
  const activity = createActivityService(deps.db);
  return {
    ...activity,
    /** The oldest entries' archive and purge ('Protección de datos' → 'Retención'). */
    archive: createActivityArchive(deps.db),
    routes: (app: FastifyInstance) => app.register(activityRoutes, { activity }),
  };
}
