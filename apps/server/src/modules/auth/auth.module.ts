import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/users.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { authRoutes } from './auth.routes.ts';
import { createAuthService } from './auth.service.ts';

export interface AuthModuleDeps {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signToken(payload: { userId: number; sessionId: string }, expiresInSeconds: number): string;
  sessions: SessionsService;
  /** The users module's look-up by e-mail. */
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  /** The users module's password write, inside the reset's transaction. */
  setPasswordHash(userId: number, passwordHash: string, tx: DbOrTx): Promise<void>;
}

export function createAuthModule(deps: AuthModuleDeps) {
  const auth = createAuthService({
    ...deps,
    users: { findByEmail: deps.findUserByEmail, setPasswordHash: deps.setPasswordHash },
  });
  return { auth, routes: (app: FastifyInstance) => app.register(authRoutes, { auth }) };
}
