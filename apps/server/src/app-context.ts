import { periodBounds } from '@app/shared/period';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { createDownloadLinks } from './lib/download-links.ts';
import { createEventBus, type EventBus } from './lib/events.ts';
import { createFileStorage, type FileStorage } from './lib/file-storage/file-storage.ts';
import { createGoogleClient } from './lib/google-calendar.ts';
import type { Mailer } from './lib/mailer.ts';
import type { AppSecrets } from './lib/secrets.ts';
import { createSigner } from './lib/signed-tokens.ts';
import type { TableChanges } from './lib/table-cache.ts';
import { createVault } from './lib/vault.ts';
import { type AuthService, createAuthService } from './modules/auth/auth.service.ts';
import {
  type BusinessServicesService,
  createBusinessServicesService,
} from './modules/business-services/business-services.service.ts';
import { type BusinessDetailReader, createBusinessDetailReader } from './modules/businesses/business-detail.ts';
import { type BusinessesService, createBusinessesService } from './modules/businesses/businesses.service.ts';
import { type CalendarService, createCalendarService } from './modules/calendar/calendar.service.ts';
import { type CredentialsService, createCredentialsService } from './modules/credentials/credentials.service.ts';
import { createDocumentsService, type DocumentsService } from './modules/documents/documents.service.ts';
import { createFileRemover, type FileRemover } from './modules/documents/file-removals.ts';
import { createEmailService, type EmailService } from './modules/email/email.service.ts';
import { createGroupsService, type GroupsService } from './modules/groups/groups.service.ts';
import {
  createMonthlyStatesService,
  type MonthlyStatesService,
} from './modules/monthly-states/monthly-states.service.ts';
import { createServicesService, type ServicesService } from './modules/services/services.service.ts';
import { createSessionsService, type SessionsService } from './modules/sessions/sessions.service.ts';
import { createTaskBoardService, type TaskBoardService } from './modules/tasks/task-board.service.ts';
import { createTasksService, type TasksService } from './modules/tasks/tasks.service.ts';
import { createProfileService, type ProfileService } from './modules/users/profile.service.ts';
import { presentUser } from './modules/users/users.presenter.ts';
import { createUsersService, type UsersService } from './modules/users/users.service.ts';

/** What every module's routes receive: configuration, infrastructure and the feature services. */
export interface AppContext {
  config: AppConfig;
  secrets: AppSecrets;
  db: Db;
  mailer: Mailer;
  /** Typed events the services publish after commit; realtime and clean-ups subscribe. */
  events: EventBus;
  /** File bytes: the disk under DATA_DIR/files, or S3-compatible storage when configured. */
  storage: FileStorage;
  services: {
    auth: AuthService;
    sessions: SessionsService;
    users: UsersService;
    profile: ProfileService;
    services: ServicesService;
    businessServices: BusinessServicesService;
    businesses: BusinessesService;
    businessDetail: BusinessDetailReader;
    credentials: CredentialsService;
    groups: GroupsService;
    monthlyStates: MonthlyStatesService;
    tasks: TasksService;
    taskBoard: TaskBoardService;
    email: EmailService;
    documents: DocumentsService;
    fileRemover: FileRemover;
    calendar: CalendarService;
  };
}

interface ContextDeps {
  config: AppConfig;
  secrets: AppSecrets;
  db: Db;
  /** Which tables changed (any instance): what the in-memory caches check. */
  changes: TableChanges;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signToken: Parameters<typeof createAuthService>[0]['signToken'];
}

/**
 * Builds the feature services in dependency order, each handed only the functions it needs from
 * the ones before it: no service reaches back into the context or another module's repository.
 */
export function createAppContext(deps: ContextDeps): AppContext {
  const { config, secrets, db, changes, mailer, log, signToken } = deps;
  const events = createEventBus(log);
  const sessions = createSessionsService(db, { events, changes });
  const users = createUsersService(db, { sessions, changes, events });
  const auth = createAuthService({ db, config, mailer, log, signToken, sessions, users });
  const profile = createProfileService(db, {
    sessions,
    startCurrentPasswordCheck: auth.startCurrentPasswordCheck,
  });
  const services = createServicesService(db, { events, changes });
  const businesses = createBusinessesService(db, { events, changes });
  const businessServices = createBusinessServicesService(db, {
    assertServiceExists: services.assertExists,
    assertBusinessExists: businesses.assertExists,
  });
  // One key for every secret at rest: portal passwords and Google tokens.
  const vault = createVault(secrets.encryptionKey);
  const credentials = createCredentialsService(db, {
    vault,
    assertBusinessExists: businesses.assertExists,
  });
  const groups = createGroupsService(db, { assertBusinessesExist: businesses.assertAllExist, changes });
  const businessDetail = createBusinessDetailReader({
    getBusiness: businesses.getById,
    listServiceLinks: businessServices.listForBusiness,
    listClientUsers: async (businessId) => (await users.listForBusiness(businessId)).map(presentUser),
    listCredentials: credentials.listSummaries,
  });
  const monthlyStates = createMonthlyStatesService(db, {
    events,
    changes,
    listActiveBusinesses: businesses.listActive,
    getBusiness: businesses.getById,
    listServicesForMonth: services.listForMonth,
    listApplying: businessServices.listApplying,
    getUser: (id) => users.nameOf(id),
  });
  const tasks = createTasksService(db, {
    roleWhileWriting: users.roleWhileWriting,
    assertBusinessExists: businesses.assertExists,
  });
  const taskBoard = createTaskBoardService(db, {
    events,
    tasks,
    listActiveBusinesses: businesses.listActive,
    getBusiness: businesses.getById,
    getUser: (id) => users.nameOf(id),
  });
  const email = createEmailService(db, {
    mailer,
    log,
    status: { mailConfigured: Boolean(config.SMTP_URL), appUrlConfigured: config.appUrlConfigured },
    assertBusinessExists: businesses.assertExists,
    changes,
  });
  const storage = createFileStorage(config);
  const documents = createDocumentsService(db, {
    events,
    storage,
    links: createDownloadLinks(secrets.tokenSecret, config.DOWNLOAD_LINK_DAYS),
    appUrl: config.APP_URL,
    linkDays: config.DOWNLOAD_LINK_DAYS,
    getBusiness: businesses.getById,
    listApplyingServices: async (businessId, period) => {
      const [applying, active] = await Promise.all([
        businessServices.listApplying(periodBounds(period).lastDay, businessId),
        services.listForMonth(period.month),
      ]);
      const applies = new Set(applying.map((link) => link.serviceId));
      return active.filter(({ service }) => applies.has(service.id)).map(({ service }) => service);
    },
    listFolderTemplates: services.listFolderTemplates,
    findUser: users.findById,
    sendEmail: async (actor, input) => (await email.send(actor, input)).delivery,
  });
  // Bytes of deleted files leave storage once the deleting transaction has committed.
  const fileRemover = createFileRemover(db, storage, log);
  for (const name of ['files.removed', 'business.deleted', 'service.deleted'] as const) {
    events.on(name, () => fileRemover.sweep());
  }
  const google =
    config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET
      ? createGoogleClient({
          clientId: config.GOOGLE_CLIENT_ID,
          clientSecret: config.GOOGLE_CLIENT_SECRET,
          redirectUri: config.GOOGLE_REDIRECT_URI ?? `${config.APP_URL}/calendario`,
          authUrl: config.GOOGLE_AUTH_URL,
          tokenUrl: config.GOOGLE_TOKEN_URL,
          apiUrl: config.GOOGLE_CALENDAR_API_URL,
        })
      : null;
  const calendar = createCalendarService(db, {
    google,
    vault,
    signer: createSigner(secrets.tokenSecret, 'google-oauth-state/v1'),
    getUser: users.getById,
    claimStateOnce: (nonce, ttlMs) => auth.claimOnce(`google-oauth-state:${nonce}`, ttlMs),
  });

  return {
    config,
    secrets,
    db,
    mailer,
    events,
    storage,
    services: {
      auth,
      sessions,
      users,
      profile,
      services,
      businessServices,
      businesses,
      businessDetail,
      credentials,
      groups,
      monthlyStates,
      tasks,
      taskBoard,
      email,
      documents,
      fileRemover,
      calendar,
    },
  };
}
