import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { AppSecrets } from './lib/secrets.ts';
import { createVault } from './lib/vault.ts';
import { type AuthService, createAuthService } from './modules/auth/auth.service.ts';
import {
  type BusinessServicesService,
  createBusinessServicesService,
} from './modules/business-services/business-services.service.ts';
import { type BusinessesService, createBusinessesService } from './modules/businesses/businesses.service.ts';
import { type CredentialsService, createCredentialsService } from './modules/credentials/credentials.service.ts';
import { createGroupsService, type GroupsService } from './modules/groups/groups.service.ts';
import { createServicesService, type ServicesService } from './modules/services/services.service.ts';
import { createUsersService, type UsersService } from './modules/users/users.service.ts';
import type { Mailer } from './plugins/mailer.ts';

/** What every module's routes receive: configuration, infrastructure and the feature services. */
export interface AppContext {
  config: AppConfig;
  secrets: AppSecrets;
  db: Db;
  mailer: Mailer;
  services: {
    auth: AuthService;
    users: UsersService;
    services: ServicesService;
    businessServices: BusinessServicesService;
    businesses: BusinessesService;
    credentials: CredentialsService;
    groups: GroupsService;
  };
}

interface ContextDeps {
  config: AppConfig;
  secrets: AppSecrets;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signToken: Parameters<typeof createAuthService>[0]['signToken'];
}

export function createAppContext(deps: ContextDeps): AppContext {
  const { config, secrets, db, mailer, log, signToken } = deps;
  const services = createServicesService(db);
  // Companies read links, client users and credentials through the other services, bound once the context exists.
  const businesses = createBusinessesService(db, { services: () => context.services });
  const context: AppContext = {
    config,
    secrets,
    db,
    mailer,
    services: {
      auth: createAuthService({ db, config, mailer, log, signToken }),
      users: createUsersService(db),
      services,
      businessServices: createBusinessServicesService(db, {
        assertServiceExists: services.assertExists,
        assertBusinessExists: businesses.assertExists,
      }),
      businesses,
      credentials: createCredentialsService(db, {
        vault: createVault(secrets.encryptionKey),
        assertBusinessExists: businesses.assertExists,
      }),
      groups: createGroupsService(db, { assertBusinessesExist: businesses.assertAllExist }),
    },
  };
  return context;
}
