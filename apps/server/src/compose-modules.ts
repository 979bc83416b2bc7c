import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Db, DbOrTx } from './db/client.ts';
import { createEventBus } from './lib/events.ts';
import { createFileStorage } from './lib/file-storage/file-storage.ts';
import type { Mailer } from './lib/mailer.ts';
import { createUploadReceiver } from './lib/multipart-uploads.ts';
import type { AppSecrets } from './lib/secrets.ts';
import type { TableChanges } from './lib/table-cache.ts';
import { createVault } from './lib/vault.ts';
import { createActivityModule } from './modules/activity/activity.module.ts';
import type { ModuleParts } from './modules/app-module.ts';
import { createApprovalsModule } from './modules/approvals/approvals.module.ts';
import { createAuthModule } from './modules/auth/auth.module.ts';
import { createBackupModule } from './modules/backup/backup.module.ts';
import { createBillingModule } from './modules/billing/billing.module.ts';
import { createBusinessImportModule } from './modules/business-import/business-import.module.ts';
import {
  businessServicesSql,
  createBusinessServicesModule,
} from './modules/business-services/business-services.module.ts';
import { createBusinessDetailModule } from './modules/businesses/business-detail.module.ts';
import { businessesSql, createBusinessesModule } from './modules/businesses/businesses.module.ts';
import { createCalendarModule } from './modules/calendar/calendar.module.ts';
import { createCredentialsModule } from './modules/credentials/credentials.module.ts';
import { createDataProtectionModule } from './modules/data-protection/data-protection.module.ts';
import { createDataSubjectsModule } from './modules/data-subjects/data-subjects.module.ts';
import { createDocumentsModule } from './modules/documents/documents.module.ts';
import { createEmailModule } from './modules/email/email.module.ts';
import { createFilesAtRestModule } from './modules/files-at-rest/files-at-rest.module.ts';
import { createFirmModule } from './modules/firm/firm.module.ts';
import { createGroupsModule } from './modules/groups/groups.module.ts';
import { createHolidaysModule } from './modules/holidays/holidays.module.ts';
import { createMessagesModule } from './modules/messages/messages.module.ts';
import { createMonthlyReportModule } from './modules/monthly-report/monthly-report.module.ts';
import { createMonthlyStatesModule, monthlyStatesSql } from './modules/monthly-states/monthly-states.module.ts';
import { createNotesModule } from './modules/notes/notes.module.ts';
import { createPanelModule } from './modules/panel/panel.module.ts';
import { createPushModule } from './modules/push/push.module.ts';
import { createAnsweredItems, createRequestsModule, requestsSql } from './modules/requests/requests.module.ts';
import { createSchedulerModule } from './modules/scheduler/scheduler.module.ts';
import { createSecondFactorChallenges } from './modules/second-factor/challenges.ts';
import { createSecondFactorModule } from './modules/second-factor/second-factor.module.ts';
import { createServicesModule } from './modules/services/services.module.ts';
import type { CatalogueDeps, FirmRequestTemplate } from './modules/services/services-catalogue.ts';
import { createSessionsModule } from './modules/sessions/sessions.module.ts';
import { createTasksModule } from './modules/tasks/tasks.module.ts';
import { createTaxCalendarModule } from './modules/tax-calendar/tax-calendar.module.ts';
import { createTimeModule } from './modules/time/time.module.ts';
import { createProfileModule } from './modules/users/profile.module.ts';
import { createUsersModule } from './modules/users/users.module.ts';
import { presentUser } from './modules/users/users.presenter.ts';
import { createWhatsAppModule } from './modules/whatsapp/whatsapp.module.ts';
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
 * before it (named functions, never a service object to call methods on). A module is one line
 * here, `use(createXModule({ … }))`: `use` puts it in the list app.ts goes through for its routes,
 * live room, jobs and settling; name it (`const x = use(…)`) when a later module, app.ts, a test
 * or the demo calls its functions.
 */
export function composeModules(deps: ModulesDeps) {
  const { config, secrets, db, changes, mailer, log, redis, signToken } = deps;
  /** Typed events the services publish after commit; realtime and clean-ups subscribe. */
  const events = createEventBus(log);
  /** File bytes, encrypted at rest: the disk under DATA_DIR/files, or S3-compatible storage when configured. */
  const storage = createFileStorage(config, {
    encryptionKey: secrets.encryptionKey,
    PREVIOUS_ENCRYPTION_KEY: config.PREVIOUS_ENCRYPTION_KEY,
    FILE_ENCRYPTION: config.FILE_ENCRYPTION,
  });
  // One key for every secret at rest: portal passwords and Google tokens.
  const vault = createVault(secrets.encryptionKey);
  /** The modules in the order they are built, which is the order of their routes and jobs. */
  const list: ModuleParts[] = [];
  const use = <Module extends object>(module: Module & ModuleParts): Module => {
    list.push(module);
    return module;
  };

  const push = use(
    createPushModule({
      db,
      log,
      vapidKeys: secrets.vapid,
      appUrl: config.APP_URL,
      mailFrom: config.MAIL_FROM,
      allowLoopbackHttpForTests: config.PUSH_TEST_LOOPBACK === 'on',
    }),
  );
  const users = use(
    createUsersModule({
      db,
      changes,
      events,
      // The sessions module is built after this one (it asks users who a session signs in): called
      // only once requests run.
      sessions: {
        endForUser: (userId: number, options?: { except?: string; tx?: DbOrTx }): Promise<void> =>
          sessions.endForUser(userId, options),
        announceEndedForUser: (userId: number, exceptSessionId?: string): void =>
          sessions.announceEndedForUser(userId, exceptSessionId),
      },
      pushPublicKey: secrets.vapid.publicKey,
      savePushSubscription: push.saveSubscription,
      // The tasks module is built after this one (it asks users for the responsible's role): called only once requests run.
      isTaskResponsible: (tx: DbOrTx, userId: number): Promise<boolean> => tasks.isResponsible(tx, userId),
      // The messages module is built after this one: called only once requests run.
      catchUpOnMessages: (tx: DbOrTx, userId: number): Promise<void> => messages.catchUpNewStaff(tx, userId),
      acceptLoopbackPushEndpoints: config.PUSH_TEST_LOOPBACK === 'on',
    }),
  );
  const sessions = use(
    createSessionsModule({
      db,
      events,
      changes,
      findSessionUser: users.findSessionUser,
      findUser: users.findById,
    }),
  );
  // The step between the password and the session: built before the auth module that hands it out.
  const secondFactorChallenges = createSecondFactorChallenges({
    db,
    tokenSecret: secrets.tokenSecret,
    findUserById: users.findById,
    now: deps.now && (() => (deps.now as () => Date)().getTime()),
  });
  const auth = use(
    createAuthModule({
      db,
      config,
      mailer,
      log,
      redis,
      signToken,
      sessions,
      findUserByEmail: users.findByEmail,
      findUserById: users.findById,
      setPasswordHash: users.setPasswordHash,
      challengeFor: secondFactorChallenges.challengeFor,
      presentUser,
    }),
  );
  const secondFactor = use(
    createSecondFactorModule({
      db,
      vault,
      tokenSecret: secrets.tokenSecret,
      challenges: secondFactorChallenges,
      sessions,
      openSession: auth.openSession,
      sessionToken: auth.sessionToken,
      startCodeAttempt: auth.startSecondFactorAttempt,
      startPasswordCheck: auth.startCurrentPasswordCheck,
      findUserById: users.findById,
      presentUser,
      now: deps.now && (() => (deps.now as () => Date)().getTime()),
    }),
  );
  use(
    createProfileModule({
      db,
      sessions,
      startCurrentPasswordCheck: auth.startCurrentPasswordCheck,
    }),
  );
  const services = use(
    createServicesModule({
      db,
      events,
      changes,
      // The requests module is built after this one (its templates name folder templates): called only once requests run.
      requestTemplates: {
        listRequestTemplates: (serviceIds: number[]): Promise<FirmRequestTemplate[]> =>
          requests.listTemplatesOfServices(serviceIds),
        insertRequestTemplate: (
          tx: DbOrTx,
          serviceId: number,
          template: Parameters<CatalogueDeps['insertRequestTemplate']>[2],
        ): Promise<void> => requests.insertTemplateIn(tx, serviceId, template),
      },
    }),
  );
  // The firm's extra holidays: every due date below is computed on its calendar of business days.
  const holidays = use(createHolidaysModule({ db, changes }));
  const businesses = use(
    createBusinessesModule({
      db,
      events,
      changes,
      isStaffWhileWriting: users.isStaffWhileWriting,
      listStaff: users.listStaff,
    }),
  );
  const businessServices = use(
    createBusinessServicesModule({
      db,
      assertServiceExists: services.assertExists,
      assertBusinessExists: businesses.assertExists,
      listServicesForMonth: services.listForMonth,
      listServicesInOrder: services.listInOrder,
      serviceName: services.nameOf,
      listBusinesses: businesses.list,
      listBusinessIds: businesses.listIds,
    }),
  );
  const credentials = use(
    createCredentialsModule({
      db,
      vault,
      assertBusinessExists: businesses.assertExists,
    }),
  );
  const groups = use(createGroupsModule({ db, changes, assertBusinessesExist: businesses.assertAllExist }));
  // WhatsApp notices to client companies (off until WHATSAPP_* are set): the modules below queue
  // theirs with `whatsapp.notify` beside their e-mails.
  const whatsapp = use(
    createWhatsAppModule({
      db,
      log,
      config,
      appUrl: config.APP_URL,
      now: deps.now,
      getBusiness: businesses.getById,
      listBusinessNames: businesses.listNames,
      nameOf: users.nameOf,
    }),
  );
  // Reads and writes companies, groups, owners and service links through their modules, in one transaction.
  use(
    createBusinessImportModule({
      db,
      listServiceNames: services.listNamesInOrder,
      listStaff: users.listStaff,
      countClientsOf: users.countClientsOf,
      isStaffWhileWriting: users.isStaffWhileWriting,
      listGroupNames: groups.listNames,
      groupNamesOf: groups.namesOfBusinesses,
      insertGroup: groups.insertNamed,
      addGroupMembers: groups.addMembers,
      findBusinessesByRuts: businesses.findByRuts,
      lockBusinesses: businesses.lockByIds,
      insertBusinesses: businesses.insertMany,
      updateBusinessWithRut: businesses.updateWithRut,
      listServiceLinksOf: businessServices.listOfBusinesses,
      activateServiceLinks: businessServices.activateLinks,
    }),
  );
  use(
    createBusinessDetailModule({
      getBusiness: businesses.getById,
      listServiceLinks: businessServices.listForBusiness,
      listClientUsers: async (businessId) => (await users.listForBusiness(businessId)).map(presentUser),
      listCredentials: credentials.listSummaries,
    }),
  );
  // 'Calendario AT' and 'Calendario tributario': its counts embed the companies', links' and cells' SQL.
  const taxCalendar = use(
    createTaxCalendarModule({
      db,
      changes,
      vault,
      businessCalendar: holidays.calendar,
      listServicesForMonth: services.listForMonth,
      countSql: {
        activeCompanies: businessesSql.activeIn,
        applyingLinks: businessServicesSql.applyingBy,
        savedCells: monthlyStatesSql.savedIn,
      },
      findUser: users.findById,
      now: deps.now,
    }),
  );
  const monthlyStates = use(
    createMonthlyStatesModule({
      db,
      events,
      changes,
      listActiveBusinesses: businesses.listActive,
      getBusiness: businesses.getById,
      assertBusinessesExist: businesses.assertAllExist,
      listServicesForMonth: services.listForMonth,
      listApplying: businessServices.listApplying,
      listServiceStates: services.listStatesOf,
      businessCalendar: holidays.calendar,
      annualDueDates: taxCalendar.annualDueDates,
      getUser: users.nameOf,
      fullNamesOf: users.fullNamesOf,
      now: deps.now,
    }),
  );
  const tasks = use(
    createTasksModule({
      db,
      events,
      isStaffWhileWriting: users.isStaffWhileWriting,
      assertBusinessExists: businesses.assertExists,
      listUserNames: users.listNames,
      listBusinessIds: businesses.listIds,
      listActiveBusinesses: businesses.listActive,
      getBusiness: businesses.getById,
      businessCalendar: holidays.calendar,
      getUser: users.nameOf,
      fullNamesOf: users.fullNamesOf,
      now: deps.now,
    }),
  );
  const findUserEmail = async (id: number) => (await users.findById(id))?.email;
  const email = use(
    createEmailModule({
      db,
      changes,
      mailer,
      log,
      status: { mailConfigured: Boolean(config.SMTP_URL), appUrlConfigured: config.appUrlConfigured },
      assertBusinessExists: businesses.assertExists,
      findUserEmail,
      listBusinessNames: businesses.listNames,
      listUserNames: users.listNames,
    }),
  );
  const notes = use(
    createNotesModule({
      db,
      isStaffWhileWriting: users.isStaffWhileWriting,
      emailDeliveries: email.deliveries,
      listUserNames: users.listNames,
    }),
  );
  // Backups taken by this server: `npm run backup` (admin socket), the owner's download, BACKUP_TIME/BACKUP_CRON.
  const backup = use(
    createBackupModule({
      db,
      config,
      secrets,
      // Files go into archives as they are stored: encrypted, opened again only with the firm's key.
      storage: storage.stored,
      log,
      startPasswordCheck: auth.startCurrentPasswordCheck,
      findUser: users.findById,
    }),
  );
  // One receiver of multipart uploads for the instance: the folder and request-item upload routes share its slots.
  const uploads = createUploadReceiver(config.FILE_MAX_MB);
  // The request item a file answers: built before the documents module, which asks it when such a
  // file is deleted, while the requests module stores its items' files through the documents module.
  const answeredItems = createAnsweredItems(events);
  const documents = use(
    createDocumentsModule({
      db,
      events,
      storage,
      log,
      tokenSecret: secrets.tokenSecret,
      appUrl: config.APP_URL,
      linkDays: config.DOWNLOAD_LINK_DAYS,
      uploads,
      getBusiness: businesses.getById,
      listApplyingServices: businessServices.listApplyingServices,
      listFolderTemplates: services.listFolderTemplates,
      findUser: users.findById,
      sendEmail: async (actor, input) => (await email.send(actor, input)).delivery,
      lockAnsweredItem: answeredItems.lock,
      answeredItemChanged: answeredItems.changed,
      // The billing, approvals and messages modules are built after this one (payments keep clients' receipts,
      // approvals the PDFs uploaded with a request, messages their attachments): called only by the hourly sweep.
      keysKeptElsewhere: async (keys: string[]): Promise<Set<string>> => {
        const [receipts, approvalPdfs, attachments] = await Promise.all([
          billing.receiptKeysAmong(keys),
          approvals.keysAmong(keys),
          messages.attachmentKeysAmong(keys),
        ]);
        return new Set([...receipts, ...approvalPdfs, ...attachments]);
      },
      // The approvals module is built after this one: an approved file is neither replaced nor deleted (409).
      assertFileMayChange: (tx: DbOrTx, fileId: number): Promise<void> => approvals.assertFileMayChange(tx, fileId),
    }),
  );
  const requests = use(
    createRequestsModule({
      db,
      events,
      changes,
      mailConfigured: Boolean(config.SMTP_URL),
      log,
      appUrl: config.APP_URL,
      now: deps.now,
      assertServiceExists: services.assertExists,
      listServicesForMonth: services.listForMonth,
      listFolderTemplates: services.listFolderTemplates,
      getBusiness: businesses.getById,
      listActiveBusinesses: businesses.listActive,
      listApplying: businessServices.listApplying,
      listApplyingServices: businessServices.listApplyingServices,
      listItemFiles: documents.listItemFiles,
      filesSql: documents.filesSql,
      storeFiles: documents.storeFiles,
      uploads,
      sendEmail: async (actor, input) =>
        (actor ? await email.send(actor, input) : await email.sendAutomatic(input)).delivery,
    }),
  );
  const scheduler = use(
    createSchedulerModule({
      db,
      log,
      intervalMs: config.SCHEDULER_INTERVAL_SECONDS * 1000,
      claimDueReminders: notes.claimDueReminders,
      setReminderEmail: notes.setReminderEmail,
      findUserEmail,
      sendPush: push.sendToUser,
      sendEmail: email.sendAutomatic,
      retryFailedEmails: email.retryDue,
      listActiveBusinesses: businesses.listActive,
      listApplying: businessServices.listApplying,
      listServicesForMonth: services.listForMonth,
      annualDueDates: taxCalendar.annualDueDates,
      listTaskApplying: tasks.listApplying,
      listTasks: tasks.listRows,
      listSavedTaskCells: tasks.listSavedCells,
      listSavedBoardCells: monthlyStates.listSavedCells,
      listDigestRecipients: users.listDigestRecipients,
      businessCalendar: holidays.calendar,
      listBusinessesByIds: businesses.listByIds,
      notificationsDueOn: services.notificationsDueOn,
      countRequestsToReview: requests.countToReview,
      listReminderCandidates: requests.listReminderCandidates,
      listMissingItems: requests.listMissingItems,
      claimReminder: requests.claimReminder,
      listTemplatesSentOn: requests.listTemplatesSentOn,
      templatesSentFor: requests.templatesSentFor,
      claimTemplateSend: requests.claimTemplateSend,
      releaseTemplateSend: requests.releaseTemplateSend,
      sendRequestTemplate: (templateId, period) => requests.sendTemplate(null, templateId, period),
      // The time module is built after this one (it reads the billing module): called only when the digest runs.
      remindedWithoutTimeOn: (day: string, userIds: number[]): Promise<Set<number>> =>
        time.remindedWithoutTimeOn(day, userIds),
      timersRunningBefore: (before: Date, userIds: number[]) => time.timersRunningBefore(before, userIds),
      appUrl: config.APP_URL,
      notifyWhatsApp: whatsapp.notify,
      // The data-protection module is built after this one: called only when the digest runs.
      rightsDueFor: (day: string, userIds: number[]) => dataProtection.rightsDueFor(day, userIds),
    }),
  );
  const activity = use(createActivityModule({ db }));
  // 'Datos del estudio': the firm's identity its PDFs carry, and the monthly report's e-mail day.
  const firm = use(createFirmModule({ db, mailConfigured: Boolean(config.SMTP_URL) }));
  // The firm's own billing: reads companies, users' names and groups through their modules, keeps
  // clients' receipts through the documents module's upload checks, and mails through the e-mail module.
  const billing = use(
    createBillingModule({
      db,
      log,
      changes,
      ufSourceUrl: config.UF_SOURCE_URL,
      getBusiness: businesses.getById,
      listBusinessesByIds: businesses.listByIds,
      listActiveBusinesses: businesses.listActive,
      listBusinesses: businesses.list,
      lockBusinesses: businesses.lockByIds,
      fullNamesOf: users.fullNamesOf,
      groupMemberIds: groups.memberIdsOf,
      businessCalendar: holidays.calendar,
      storeLooseFile: documents.storeLooseFile,
      removeStoredBytes: documents.removeStoredBytes,
      storage,
      uploads,
      sendEmail: email.sendAutomatic,
      deliveries: email.deliveries,
      mailConfigured: Boolean(config.SMTP_URL),
      notifyWhatsApp: whatsapp.notify,
      firmIdentity: firm.identity,
      now: deps.now,
    }),
  );
  // 'Registro de tiempo' and profitability: companies', services', tasks' and staff names through their
  // modules, and the month's fee billed through the billing module.
  const time = use(
    createTimeModule({
      db,
      events,
      businessNames: businesses.listNames,
      listServiceNames: services.listNamesInOrder,
      listTaskNames: async () => (await tasks.listRows()).map((task) => ({ id: task.id, name: task.name })),
      listStaff: users.listStaff,
      issuedNetByBusiness: billing.issuedNetByBusiness,
      now: deps.now,
    }),
  );
  // 'Mensajes': each company's thread; attachments stored and filed through the documents module, the
  // unread notice mailed through the e-mail module and pushed through the push module.
  const messages = use(
    createMessagesModule({
      db,
      events,
      log,
      uploads,
      maxMegabytes: config.FILE_MAX_MB,
      appUrl: config.APP_URL,
      now: deps.now,
      getBusiness: businesses.getById,
      listBusinesses: businesses.list,
      listBusinessesByIds: businesses.listByIds,
      nameOf: users.nameOf,
      listStaff: users.listStaff,
      listClientUsers: users.listForBusiness,
      listClientUserIds: async (businessId: number) => (await users.listForBusiness(businessId)).map((user) => user.id),
      storeLooseFile: documents.storeLooseFile,
      removeStoredBytes: documents.removeStoredBytes,
      openStored: (key: string) => storage.open(key),
      viewFolder: documents.view,
      storeFiles: documents.storeFiles,
      sendEmail: email.sendAutomatic,
      sendPush: push.sendToUser,
      notifyWhatsApp: whatsapp.notify,
    }),
  );
  // Client approvals: the documents module's files and stored bytes, the company's client users, the
  // e-mail module's log, the firm's name as its PDFs carry it ('Datos del estudio', else the account's
  // holder, else MAIL_FROM's name), and the
  // messages module's thread, where each request and answer shows as a line.
  const approvals = use(
    createApprovalsModule({
      db,
      log,
      uploads,
      appUrl: config.APP_URL,
      openStored: (key: string) => storage.open(key),
      firmName: async () => (await billing.firmName()) || mailFromName(config.MAIL_FROM) || 'Estudio Contable',
      getBusiness: businesses.getById,
      listClientUsers: async (businessId: number) =>
        (await users.listForBusiness(businessId)).map(({ id, name, lastName, email }) => ({
          id,
          name,
          lastName,
          email,
        })),
      findUser: async (id: number) => {
        const user = await users.findById(id);
        return user && { id: user.id, name: user.name, lastName: user.lastName, email: user.email };
      },
      fileOfBusiness: documents.fileOfBusiness,
      lockFileKey: documents.lockFileKey,
      listFilesOfBusiness: documents.listFilesOfBusiness,
      storeLooseFile: documents.storeLooseFile,
      removeStoredBytes: documents.removeStoredBytes,
      sendEmail: async (actor, input) => {
        const sent = actor ? await email.send(actor, input) : await email.sendAutomatic(input);
        return { id: sent.row.id, delivery: sent.delivery };
      },
      sendAutomatic: async (input) => ({ id: (await email.sendAutomatic(input)).row.id }),
      deliveries: email.deliveries,
      // A request and its answer show as a line in the company's thread.
      announce: async (businessId, text, link) => {
        await messages.postSystemMessage(businessId, text, link);
      },
      notifyWhatsApp: whatsapp.notify,
      now: deps.now,
    }),
  );
  // 'Panel': counts the board's cells, the requests and the billing through their modules' SQL and functions.
  use(
    createPanelModule({
      db,
      changes,
      businessCalendar: holidays.calendar,
      listServicesForMonth: services.listForMonth,
      annualDueDates: taxCalendar.annualDueDates,
      fullNamesOf: users.fullNamesOf,
      countSql: {
        activeCompanies: businessesSql.activeIn,
        ownedCompanies: businessesSql.ownedBy,
        applyingLinks: businessServicesSql.applyingBy,
        savedCells: monthlyStatesSql.savedIn,
        reachedCells: monthlyStatesSql.reachedIn,
        waitingRequests: requestsSql.waiting,
        cellTables: [...businessesSql.tables, ...businessServicesSql.tables, ...monthlyStatesSql.historyTables],
        requestTables: [...requestsSql.tables, ...businessesSql.tables],
      },
      money: billing.moneyOverview,
      now: deps.now,
    }),
  );
  // 'Informe mensual': a company's month in a PDF, from the board, documents, requests and billing
  // modules' functions; e-mailed through the e-mail module on the firm's day.
  const monthlyReport = use(
    createMonthlyReportModule({
      db,
      log,
      firmIdentity: firm.identity,
      getBusiness: businesses.getById,
      companyMonth: monthlyStates.companyMonth,
      periodFiles: documents.periodFiles,
      pendingRequests: requests.pendingOf,
      clientBalance: billing.clientBalance,
      // 'Mensajes esperando respuesta': the firm's messages of the company's thread no client user has read.
      pendingMessages: messages.pendingForClient,
      reportDay: firm.reportDay,
      listActiveBusinesses: businesses.listActive,
      clientEmailsOf: users.clientEmailsOf,
      sendEmail: email.sendAutomatic,
    }),
  );
  // 'Protección de datos' (Ley 21.719): its requests' terms on the firm's business days, the folder
  // templates' years through the services module, files listed and deleted through the documents
  // module, the activity log's archive and purge through the activity module.
  const dataProtection = use(
    createDataProtectionModule({
      db,
      now: deps.now,
      businessCalendar: holidays.calendar,
      findUser: users.findById,
      listStaff: users.listStaff,
      listClientIds: users.listClientIds,
      firmIdentity: firm.identity,
      contactEmail: config.MAIL_REPLY_TO ?? '',
      listFolderRetention: services.listFolderRetention,
      setFolderRetention: services.setFolderRetention,
      listFilesUpTo: documents.listFilesUpTo,
      deleteFile: documents.deleteFile,
      getBusiness: businesses.getById,
      listBusinessNames: businesses.listNames,
      activityArchive: activity.archive,
    }),
  );
  use(
    createCalendarModule({
      db,
      config,
      vault,
      tokenSecret: secrets.tokenSecret,
      getUser: users.getById,
      claimOnce: auth.claimOnce,
    }),
  );
  // A data subject's rights (Ley 21.719): 'Buscar titular', 'Exportar', 'Suprimir', through the
  // functions of the modules that hold records about people, each write in the suppression's transaction.
  const dataSubjects = use(
    createDataSubjectsModule({
      db,
      encryptionKey: secrets.encryptionKey,
      findAccounts: users.findSubjectAccounts,
      lockOwnerIds: users.lockOwnerIds,
      suppressClient: users.suppressClient,
      userNames: users.listNames,
      announceSessionsEnded: (userId: number) => sessions.announceEndedForUser(userId),
      removePushSubscriptions: push.removeForUser,
      removeSecondFactor: secondFactor.removeForUser,
      companiesAbout: businesses.aboutSubject,
      setCompanyPersonFields: businesses.setPersonFields,
      companyNames: businesses.listNames,
      notes: { about: notes.aboutSubject, newest: notes.newestAboutSubject, setDescriptions: notes.setDescriptions },
      messages: {
        about: messages.aboutSubject,
        newest: messages.newestAboutSubject,
        setAuthorNames: messages.setAuthorNames,
        setSystemTexts: messages.setSystemTexts,
      },
      emails: { about: email.aboutSubject, newest: email.newestAboutSubject, mask: email.mask },
      activity: {
        about: activity.aboutSubject,
        newest: activity.newestAboutSubject,
        pseudonymise: activity.pseudonymise,
      },
      countApprovalsAnsweredBy: approvals.countAnsweredBy,
      files: {
        uploadedBy: documents.filesUploadedBy,
        countUploadedBy: documents.countUploadedBy,
        keepUploadedBy: documents.keepUploadedBy,
        renameDownloads: documents.renameDownloads,
      },
    }),
  );

  // Stored files brought under the current file key while the server runs (plain ones from before, a
  // rotation's): last, so that each tick's other jobs (the orphan sweep among them) go first.
  const filesAtRest = use(createFilesAtRestModule({ db, storage, log }));

  return {
    events,
    storage,
    /** Every module in the order it was built: app.ts registers their routes, live rooms, jobs and settling. */
    list,
    // The modules app.ts, the tests and the demo call by name.
    sessions,
    push,
    users,
    auth,
    services,
    businesses,
    businessServices,
    credentials,
    groups,
    holidays,
    monthlyStates,
    taxCalendar,
    tasks,
    email,
    notes,
    backup,
    filesAtRest,
    documents,
    requests,
    scheduler,
    activity,
    billing,
    time,
    approvals,
    messages,
    firm,
    monthlyReport,
    whatsapp,
    dataProtection,
    dataSubjects,
  };
}

/** The display name of a From address ('Estudio Contable <no-reply@…>' → 'Estudio Contable'); '' without one. */
function mailFromName(from: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*</.exec(from);
  return match?.[1]?.trim() ?? '';
}

export type AppModules = ReturnType<typeof composeModules>;
