import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { sessionsRoutes } from './sessions.routes.ts';
import { createSessionsService, type SessionsDeps } from './sessions.service.ts';

export interface SessionsModuleDeps extends SessionsDeps {
  db: Db;
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
