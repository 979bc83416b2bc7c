import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Vault } from '../../lib/vault.ts';
import { credentialsRoutes } from './credentials.routes.ts';
import { createCredentialsService } from './credentials.service.ts';

export interface CredentialsModuleDeps {
  db: Db;
  /** The encryption of portal passwords at rest. */
  vault: Vault;
  /** The companies module's check (404 'La empresa no existe'). */
  assertBusinessExists(businessId: number): Promise<void>;
}

export function createCredentialsModule(deps: CredentialsModuleDeps) {
  const credentials = createCredentialsService(deps.db, deps);
  return {
    ...credentials,
    routes: (app: FastifyInstance) => app.register(credentialsRoutes, { credentials }),
  };
}
