import type { User } from '@app/shared/schemas/users';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../users/users.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

type ServiceDeps = Parameters<typeof createAuthService>[0];

export interface AuthModuleDeps extends Omit<ServiceDeps, 'users'> {
  /** The users module's look-up by e-mail. */
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  findUserById(id: number): Promise<UserRow | undefined>;
  /** The users module's password write, inside the reset's transaction. */
  setPasswordHash(userId: number, passwordHash: string, tx: DbOrTx): Promise<void>;
  /** The users module's one shape of a user that leaves the server (the signed-in user's answer). */
  presentUser(row: UserRow): User;
}

export function createAuthModule(deps: AuthModuleDeps) {
  const auth = createAuthService({
    ...deps,
    users: { findByEmail: deps.findUserByEmail, findById: deps.findUserById, setPasswordHash: deps.setPasswordHash },
  });
  return {
    ...auth,
    routes: (app: FastifyInstance) => app.register(authRoutes, { auth, presentUser: deps.presentUser }),
    settle: auth.close,
  };
}
