import type { User } from '@app/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { UserRow } from '../users/users.service.ts';
import { secondFactorRoutes } from './second-factor.routes.ts';
import { createSecondFactorService } from './second-factor.service.ts';

type ServiceDeps = Parameters<typeof createSecondFactorService>[0];

export interface SecondFactorModuleDeps extends ServiceDeps {
  /** Signs a session's bearer token (same lifetime as a password-only sign-in). */
  sessionToken(userId: number, sessionId: string): string;
  /** The users module's one shape of a user that leaves the server (the signed-in user's answer). */
  presentUser(row: UserRow): User;
}

/** Two-factor sign-in with TOTP; its challenges are built before the auth module that hands them out. */
export function createSecondFactorModule(deps: SecondFactorModuleDeps) {
  const secondFactor = createSecondFactorService(deps);
  return {
    ...secondFactor,
    routes: (app: FastifyInstance) =>
      app.register(secondFactorRoutes, {
        secondFactor,
        sessionToken: deps.sessionToken,
        presentUser: deps.presentUser,
      }),
  };
}
