import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { createSessionsService } from './sessions.service.ts';

export interface SessionsModuleDeps {
  db: Db;
  events: EventBus;
  changes: TableChanges;
}

/**
 * Sign-in sessions (auth signs in and out, realtime rechecks sockets) and their list in 'Mi perfil',
 * where a user ends their own and an owner ends a user's.
 */
export function createSessionsModule(deps: SessionsModuleDeps) {
  const sessions = createSessionsService(deps.db, deps);
  return {
    ...sessions,
    routes: (app: FastifyInstance) => app.register(sessionsRoutes, { sessions }),
    settle: sessions.settled,
  };
}
