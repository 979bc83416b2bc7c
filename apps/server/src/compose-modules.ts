import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import { createEventBus } from './lib/events.ts';
import { createFileStorage } from './lib/file-storage/file-storage.ts';
import type { Mailer } from './lib/mailer.ts';
import { createUploadReceiver } from './lib/multipart-uploads.ts';
import type { AppSecrets } from './lib/secrets.ts';
import type { TableChanges } from './lib/table-cache.ts';
import { createVault } from './lib/vault.ts';
import { createActivityModule } from './modules/activity/activity.module.ts';
import { createAuthModule } from './modules/auth/auth.module.ts';
import { createBackupModule } from './modules/backup/backup.module.ts';
import { createBusinessServicesModule } from './modules/business-services/business-services.module.ts';
import { createBusinessDetailModule } from './modules/businesses/business-detail.module.ts';
import { createBusinessesModule } from './modules/businesses/businesses.module.ts';
import { createCalendarModule } from './modules/calendar/calendar.module.ts';
import { createCompanyImportModule } from './modules/company-import/company-import.module.ts';
import { createCredentialsModule } from './modules/credentials/credentials.module.ts';
import { createDocumentsModule } from './modules/documents/documents.module.ts';
import { createEmailModule } from './modules/email/email.module.ts';
import { createGroupsModule } from './modules/groups/groups.module.ts';
import { createMonthlyStatesModule } from './modules/monthly-states/monthly-states.module.ts';
import { createNotesModule } from './modules/notes/notes.module.ts';
import { createPushModule } from './modules/push/push.module.ts';
import { createAnsweredItems, createRequestsModule } from './modules/requests/requests.module.ts';
import { createSchedulerModule } from './modules/scheduler/scheduler.module.ts';
import { createSecondFactorChallenges } from './modules/second-factor/challenges.ts';
import { createSecondFactorModule } from './modules/second-factor/second-factor.module.ts';
import { createServicesModule } from './modules/services/services.module.ts';
import { createSessionsModule } from './modules/sessions/sessions.module.ts';
import { createTasksModule } from './modules/tasks/tasks.module.ts';
import { createProfileModule } from './modules/users/profile.module.ts';
import { createUsersModule } from './modules/users/users.module.ts';
import { presentUser } from './modules/users/users.presenter.ts';
import type { RedisLink } from './plugins/redis.ts';

export interface ModulesDeps {
  config: AppConfig;
  secrets: AppSecrets;
  /** Redis when REDIS_URL is set (sign-in throttling counters). */
  redis?: RedisLink;
  db: Db;
  /** Which tables changed (any instance): what the in-memory caches check. */
  changes: TableChanges;
  mailer: Mailer;
  log: FastifyBaseLogger;
  signToken(payload: { userId: number; sessionId: string }, expiresInSeconds: number): string;
  /** The boards' clock: which day it is in Santiago, for overdue cells (tests set it). */
  now?: () => Date;
}

/**
 * Builds the modules in dependency order, each handed only the functions it needs from the ones
 * before it (named functions, never a service object to call methods on).
 */
export function composeModules(deps: ModulesDeps) {
  const { config, secrets, db, changes, mailer, log, redis, signToken } = deps;
  /** Typed events the services publish after commit; realtime and clean-ups subscribe. */
  const events = createEventBus(log);
  /** File bytes: the disk under DATA_DIR/files, or S3-compatible storage when configured. */
  const storage = createFileStorage(config);
  // One key for every secret at rest: portal passwords and Google tokens.
  const vault = createVault(secrets.encryptionKey);

  const sessions = createSessionsModule({ db, events, changes });
  const push = createPushModule({
    db,
    log,
    vapidKeys: secrets.vapid,
    appUrl: config.APP_URL,
    mailFrom: config.MAIL_FROM,
    allowLoopbackHttpForTests: config.PUSH_TEST_LOOPBACK === 'on',
  });
  const users = createUsersModule({
    db,
    changes,
    events,
    sessions: sessions.sessions,
    pushPublicKey: secrets.vapid.publicKey,
    savePushSubscription: push.push.saveSubscription,
    acceptLoopbackPushEndpoints: config.PUSH_TEST_LOOPBACK === 'on',
  });
  // The step between the password and the session: built before the auth module that hands it out.
  const secondFactorChallenges = createSecondFactorChallenges({
    db,
    tokenSecret: secrets.tokenSecret,
    findUserById: users.users.findById,
    now: deps.now && (() => (deps.now as () => Date)().getTime()),
  });
  const auth = createAuthModule({
    db,
    config,
    mailer,
    log,
    redis,
    signToken,
    sessions: sessions.sessions,
    findUserByEmail: users.users.findByEmail,
    findUserById: users.users.findById,
    setPasswordHash: users.users.setPasswordHash,
    challengeFor: secondFactorChallenges.challengeFor,
  });
  const secondFactor = createSecondFactorModule({
    db,
    vault,
    tokenSecret: secrets.tokenSecret,
    challenges: secondFactorChallenges,
    sessions: sessions.sessions,
    openSession: auth.auth.openSession,
    sessionToken: auth.auth.sessionToken,
    startCodeAttempt: auth.auth.startSecondFactorAttempt,
    startPasswordCheck: auth.auth.startCurrentPasswordCheck,
    findUserById: users.users.findById,
    now: deps.now && (() => (deps.now as () => Date)().getTime()),
  });
  const profile = createProfileModule({
    db,
    sessions: sessions.sessions,
    startCurrentPasswordCheck: auth.auth.startCurrentPasswordCheck,
  });
  const services = createServicesModule({ db, events, changes });
  const businesses = createBusinessesModule({
    db,
    events,
    changes,
    isStaffWhileWriting: users.users.isStaffWhileWriting,
    listStaff: users.users.listStaff,
  });
  const businessServices = createBusinessServicesModule({
    db,
    assertServiceExists: services.services.assertExists,
    assertBusinessExists: businesses.businesses.assertExists,
    listServicesForMonth: services.services.listForMonth,
  });
  const credentials = createCredentialsModule({
    db,
    vault,
    assertBusinessExists: businesses.businesses.assertExists,
  });
  const groups = createGroupsModule({ db, changes, assertBusinessesExist: businesses.businesses.assertAllExist });
  // Reads and writes companies, groups, owners and service links through their modules, in one transaction.
  const companyImport = createCompanyImportModule({
    db,
    listServiceNames: services.services.listNamesInOrder,
    listStaff: users.users.listStaff,
    countClientsOf: users.users.countClientsOf,
    isStaffWhileWriting: users.users.isStaffWhileWriting,
    listGroupNames: groups.groups.listNames,
    groupNamesOf: groups.groups.namesOfBusinesses,
    insertGroup: groups.groups.insertNamed,
    addGroupMembers: groups.groups.addMembers,
    findBusinessesByRuts: businesses.businesses.findByRuts,
    lockBusinesses: businesses.businesses.lockByIds,
    insertBusinesses: businesses.businesses.insertMany,
    updateBusinessWithRut: businesses.businesses.updateWithRut,
    listServiceLinksOf: businessServices.businessServices.listOfBusinesses,
    activateServiceLinks: businessServices.businessServices.activateLinks,
  });
  const businessDetail = createBusinessDetailModule({
    getBusiness: businesses.businesses.getById,
    listServiceLinks: businessServices.businessServices.listForBusiness,
    listClientUsers: async (businessId) => (await users.users.listForBusiness(businessId)).map(presentUser),
    listCredentials: credentials.credentials.listSummaries,
  });
  const monthlyStates = createMonthlyStatesModule({
    db,
    events,
    changes,
    listActiveBusinesses: businesses.businesses.listActive,
    getBusiness: businesses.businesses.getById,
    assertBusinessesExist: businesses.businesses.assertAllExist,
    listServicesForMonth: services.services.listForMonth,
    listApplying: businessServices.businessServices.listApplying,
    getUser: users.users.nameOf,
    fullNamesOf: users.users.fullNamesOf,
    now: deps.now,
  });
  const tasks = createTasksModule({
    db,
    events,
    isStaffWhileWriting: users.users.isStaffWhileWriting,
    assertBusinessExists: businesses.businesses.assertExists,
    listActiveBusinesses: businesses.businesses.listActive,
    getBusiness: businesses.businesses.getById,
    getUser: users.users.nameOf,
    fullNamesOf: users.users.fullNamesOf,
    now: deps.now,
  });
  const findUserEmail = async (id: number) => (await users.users.findById(id))?.email;
  const email = createEmailModule({
    db,
    changes,
    mailer,
    log,
    status: { mailConfigured: Boolean(config.SMTP_URL), appUrlConfigured: config.appUrlConfigured },
    assertBusinessExists: businesses.businesses.assertExists,
    findUserEmail,
  });
  const notes = createNotesModule({
    db,
    isStaffWhileWriting: users.users.isStaffWhileWriting,
    emailDeliveries: email.email.deliveries,
  });
  // Backups taken by this server: `npm run backup` (admin socket), the owner's download, BACKUP_TIME/BACKUP_CRON.
  const backup = createBackupModule({
    db,
    config,
    secrets,
    storage,
    log,
    startPasswordCheck: auth.auth.startCurrentPasswordCheck,
    findUser: users.users.findById,
  });
  // One receiver of multipart uploads for the instance: the folder and request-item upload routes share its slots.
  const uploads = createUploadReceiver(config.FILE_MAX_MB);
  // The request item a file answers: built before the documents module, which asks it when such a
  // file is deleted, while the requests module stores its items' files through the documents module.
  const answeredItems = createAnsweredItems(events);
  const documents = createDocumentsModule({
    db,
    events,
    storage,
    log,
    tokenSecret: secrets.tokenSecret,
    appUrl: config.APP_URL,
    linkDays: config.DOWNLOAD_LINK_DAYS,
    uploads,
    getBusiness: businesses.businesses.getById,
    listApplyingServices: businessServices.listApplyingServices,
    listFolderTemplates: services.services.listFolderTemplates,
    findUser: users.users.findById,
    sendEmail: async (actor, input) => (await email.email.send(actor, input)).delivery,
    lockAnsweredItem: answeredItems.lock,
    answeredItemChanged: answeredItems.changed,
  });
  const requests = createRequestsModule({
    db,
    events,
    changes,
    mailConfigured: Boolean(config.SMTP_URL),
    log,
    appUrl: config.APP_URL,
    now: deps.now,
    assertServiceExists: services.services.assertExists,
    listServicesForMonth: services.services.listForMonth,
    listFolderTemplates: services.services.listFolderTemplates,
    getBusiness: businesses.businesses.getById,
    listActiveBusinesses: businesses.businesses.listActive,
    listApplying: businessServices.businessServices.listApplying,
    listApplyingServices: businessServices.listApplyingServices,
    listItemFiles: documents.documents.listItemFiles,
    filesSql: documents.filesSql,
    storeFiles: documents.documents.storeFiles,
    uploads,
    sendEmail: async (actor, input) =>
      (actor ? await email.email.send(actor, input) : await email.email.sendAutomatic(input)).delivery,
  });
  const scheduler = createSchedulerModule({
    db,
    log,
    otherJobs: backup.jobs,
    intervalMs: config.SCHEDULER_INTERVAL_SECONDS * 1000,
    claimDueReminders: notes.notes.claimDueReminders,
    setReminderEmail: notes.notes.setReminderEmail,
    findUserEmail,
    sendPush: push.push.sendToUser,
    sendEmail: email.email.sendAutomatic,
    retryFailedEmails: email.email.retryDue,
    listActiveBusinesses: businesses.businesses.listActive,
    listApplying: businessServices.businessServices.listApplying,
    listServicesForMonth: services.services.listForMonth,
    listTaskApplying: tasks.tasks.listApplying,
    countRequestsToReview: requests.requests.countToReview,
    sendRequestTemplate: (templateId, period) => requests.requests.sendTemplate(null, templateId, period),
    appUrl: config.APP_URL,
  });
  const activity = createActivityModule({ db });
  const calendar = createCalendarModule({
    db,
    config,
    vault,
    tokenSecret: secrets.tokenSecret,
    getUser: users.users.getById,
    claimOnce: auth.auth.claimOnce,
  });

  return {
    events,
    storage,
    backup,
    sessions,
    push,
    scheduler,
    // In the order their routes are registered.
    auth,
    secondFactor,
    users,
    profile,
    services,
    businessServices,
    businesses,
    businessDetail,
    companyImport,
    credentials,
    groups,
    monthlyStates,
    tasks,
    notes,
    email,
    documents,
    requests,
    calendar,
    activity,
  };
}

export type AppModules = ReturnType<typeof composeModules>;
