import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { AppSecrets } from './lib/secrets.ts';
import { type AuthService, createAuthService } from './modules/auth/auth.service.ts';
import {
  type BusinessServicesService,
  createBusinessServicesService,
} from './modules/business-services/business-services.service.ts';
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
  return {
    config,
    secrets,
    db,
    mailer,
    services: {
      auth: createAuthService({ db, config, mailer, log, signToken }),
      users: createUsersService(db),
      services,
      businessServices: createBusinessServicesService(db, { assertServiceExists: services.assertExists }),
    },
  };
}
