import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { profileRoutes } from './profile.routes.ts';
import { createProfileService } from './profile.service.ts';

export interface ProfileModuleDeps {
  db: Db;
  sessions: Pick<SessionsService, 'resolveIn' | 'endForUser' | 'announceEndedForUser'>;
  /** The auth module's throttle of current-password checks (built after the users module it needs). */
  startCurrentPasswordCheck(userId: number): Promise<{ succeeded(): Promise<void> }>;
}

/** The signed-in user's own profile and password (part of the users feature, wired after auth). */
export function createProfileModule(deps: ProfileModuleDeps) {
  const profile = createProfileService(deps.db, deps);
  return {
    ...profile,
    routes: (app: FastifyInstance) => app.register(profileRoutes, { profile }),
  };
}
