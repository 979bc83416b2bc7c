import type { Period } from '@app/shared/period';
import type { EmailDelivery } from '@app/shared/schemas/email';
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import type { Letterhead } from '../../lib/pdf-letterhead.ts';
import type { TableChanges, TablesRead } from '../../lib/table-cache.ts';
import { chargeGenerationJob, ufFetchJob } from './billing.jobs.ts';
import type { BillingCompany } from './billing.presenter.ts';
import { billingSettingsRoutes } from './billing-settings.routes.ts';
import { createBillingSettingsService } from './billing-settings.service.ts';
import { BILLING_SHEET_RULES } from './billing-sheets.ts';
import { cartolaRoutes } from './cartola.routes.ts';
import { createCartolaService } from './cartola.service.ts';
import { createChargeGeneration, type GenerationDeps } from './charge-generation.ts';
import { chargesRepository } from './charges.repository.ts';
import { chargesRoutes } from './charges.routes.ts';
import { createChargesService } from './charges.service.ts';
import { creditJob, remindersJob } from './collections.jobs.ts';
import { collectionsRoutes } from './collections.routes.ts';
import { createCollectionsService } from './collections.service.ts';
import { feeTermsRepository } from './fee-terms.repository.ts';
import { feeTermsRoutes } from './fee-terms.routes.ts';
import { createFeeTermsService } from './fee-terms.service.ts';
import { createMoneyOverview } from './money-overview.ts';
import { paymentsRepository } from './payments.repository.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';
import { receiptsRoutes } from './receipts.routes.ts';
import { createReceiptsService, type ReceiptsDeps } from './receipts.service.ts';
import { createRemindersService, type RemindersDeps } from './reminders.service.ts';
import { createSettlement } from './settlement.ts';
import { statementRoutes } from './statement.routes.ts';
import { createStatementService } from './statement.service.ts';
import { mindicadorProvider, type UfProvider } from './uf-source.ts';
import { ufValuesRoutes } from './uf-values.routes.ts';
import { createUfValuesService } from './uf-values.service.ts';

export interface BillingModuleDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** A mindicador.cl-shaped API to fetch the UF's daily value from (UF_SOURCE_URL); none: typed or imported only. */
  ufSourceUrl?: string;
  /** Tests hand in a provider of their own. */
  ufProvider?: UfProvider;
  /** Which tables changed (any instance): what the month's charge lists kept in memory check. */
  changes: TableChanges;
  /** The companies module: a company (404 when there is none), several by id, those active in a month. */
  getBusiness(id: number): Promise<BillingCompany & { id: number }>;
  listBusinessesByIds: ((
    ids: number[],
  ) => Promise<(BillingCompany & { id: number; responsibleUserId: number | null })[]>) &
    TablesRead;
  listActiveBusinesses(period: Period): Promise<{ id: number }[]>;
  /** The holidays module: the firm's calendar of business days, which charges' due dates are moved on. */
  businessCalendar: GenerationDeps['businessCalendar'];
  /** The companies module: every company; these companies' rows locked until the transaction ends. */
  listBusinesses(): Promise<(BillingCompany & { id: number })[]>;
  lockBusinesses(tx: DbOrTx, ids: number[]): Promise<{ id: number; name: string }[]>;
  /** The users module: full names by id. */
  fullNamesOf: ((ids: readonly (number | null)[]) => Promise<Map<number, string>>) & TablesRead;
  /** The groups module: a group's companies. */
  groupMemberIds: ((groupId: number) => Promise<number[]>) & TablesRead;
  /** The documents module: a client's receipt streamed to storage as uploads are, recognised by its content. */
  storeLooseFile: ReceiptsDeps['storeLooseFile'];
  removeStoredBytes(keys: string[]): Promise<void>;
  /** File storage (receipts' downloads). */
  storage: Pick<FileStorage, 'open'>;
  /** The instance's multipart upload receiver (FILE_MAX_MB; its slots shared with every upload route). */
  uploads: UploadReceiver;
  /** The firm module: the letterhead its PDFs carry (named after the account's holder while the firm has no name typed). */
  firmIdentity?: () => Promise<Letterhead>;
  /** The e-mail module: a send without a staff sender, logged; what became of logged e-mails; whether SMTP_URL is set. */
  sendEmail: RemindersDeps['sendEmail'];
  deliveries(ids: number[]): Promise<Map<number, EmailDelivery>>;
  mailConfigured: boolean;
  /** The WhatsApp module's queue: an overdue charge's reminder (only when configured and the company accepted). */
  notifyWhatsApp: RemindersDeps['notifyWhatsApp'];
  now?: () => Date;
}

/**
 * 'Honorarios y cobranza', the firm's own billing (owners only): fee terms and extra charges, UF
 * values, the month's charges (generated by hand and on each company's billing day), the export
 * to invoice and marking them issued; and collections ('Cobranza'): payments and the company's
 * credit, the bank statement, the collections list, account statements (a client reads their own
 * and sends receipts), the firm's billing settings and payment reminders.
 */
export function createBillingModule(deps: BillingModuleDeps) {
  const { db, log } = deps;
  const now = deps.now ?? (() => new Date());
  const settle = createSettlement({ lockBusinesses: deps.lockBusinesses });
  const generation = createChargeGeneration(db, {
    listActiveBusinesses: deps.listActiveBusinesses,
    lockBusinesses: deps.lockBusinesses,
    businessCalendar: deps.businessCalendar,
    settle,
  });
  const terms = createFeeTermsService(db, { getBusiness: deps.getBusiness, fullNamesOf: deps.fullNamesOf, now });
  const uf = createUfValuesService(db, { generation });
  const payments = createPaymentsService(db, {
    settle,
    now,
    listBusinessesByIds: deps.listBusinessesByIds,
    lockBusinesses: deps.lockBusinesses,
    fullNamesOf: deps.fullNamesOf,
  });
  const charges = createChargesService(db, {
    generation,
    changes: deps.changes,
    now,
    listBusinessesByIds: deps.listBusinessesByIds,
    fullNamesOf: deps.fullNamesOf,
    ledger: payments.ledger,
  });
  const settings = createBillingSettingsService(db, {
    mailConfigured: deps.mailConfigured,
    lockBusinesses: deps.lockBusinesses,
  });
  const receipts = createReceiptsService(db, {
    now,
    log,
    maxMegabytes: deps.uploads.maxMegabytes,
    storeLooseFile: deps.storeLooseFile,
    removeStoredBytes: deps.removeStoredBytes,
    openStored: (key, range) => deps.storage.open(key, range),
    lockBusinesses: deps.lockBusinesses,
    receiptEmail: async () => (await settings.row()).receiptEmail,
    sendEmail: deps.sendEmail,
    present: payments.present,
  });
  const cartola = createCartolaService(db, {
    payments,
    listBusinesses: deps.listBusinesses,
    listBusinessesByIds: deps.listBusinessesByIds,
    lockBusinesses: deps.lockBusinesses,
  });
  const collections = createCollectionsService(db, {
    now,
    changes: deps.changes,
    listBusinessesByIds: deps.listBusinessesByIds,
    fullNamesOf: deps.fullNamesOf,
    groupMemberIds: deps.groupMemberIds,
  });
  const statement = createStatementService(db, { now, getBusiness: deps.getBusiness, transfer: settings.transfer });
  const reminders = createRemindersService(db, {
    log,
    settings: settings.row,
    getBusiness: deps.getBusiness,
    listBusinessesByIds: deps.listBusinessesByIds,
    sendEmail: deps.sendEmail,
    deliveries: deps.deliveries,
    notifyWhatsApp: deps.notifyWhatsApp,
  });
  const firmIdentity = async (): Promise<Letterhead> => {
    const firm = (await deps.firmIdentity?.()) ?? { name: '', rut: '', address: '', logo: null };
    return { ...firm, name: firm.name || (await settings.row()).holder };
  };
  const provider = deps.ufProvider ?? (deps.ufSourceUrl ? mindicadorProvider(deps.ufSourceUrl) : undefined);
  const missingUfDates = (lastDay: string) => chargesRepository.waitingUfDates(db, lastDay);

  return {
    // The demo and the bench go through these, so their data obey the same rules as the API.
    /** Saves a version of a company's fee terms. */
    saveFeeTerms: terms.save,
    /** A company's terms in force and their history. */
    feeTermsOf: terms.get,
    /** Generates a month's charges. */
    generateCharges: generation.generate,
    /** Writes UF values, converting the charges waiting for them. */
    writeUfValues: uf.write,
    /** A month's charges by company name. */
    listCharges: charges.list,
    /** Marks charges issued (all or none). */
    issueCharges: charges.issue,
    /** A month's fee billed per company: the net of its issued charges (the time module's profitability). */
    issuedNetByBusiness: (year: number, month: number) => chargesRepository.issuedNetByBusiness(db, year, month),
    /** Payments, as the demo and the bench record them. */
    payments,
    /** Of these days, those with a UF value stored. */
    ufStoredOn: uf.storedOn,
    /** Saves the firm's billing settings. */
    saveSettings: settings.save,
    /** A company's account statement. */
    statementOf: statement.of,
    /**
     * A company's balance as its client's statement counts it (only what was issued to them), with
     * the day it is judged on; null for a company without billing (no fee terms, charges or payments).
     */
    async clientBalance(businessId: number) {
      const [view, terms] = await Promise.all([
        statement.of(businessId, 'client'),
        feeTermsRepository.history(db, businessId),
      ]);
      if (terms.length === 0 && view.lines.length === 0 && view.charges.length === 0 && view.receipts.length === 0)
        return null;
      return { asOf: view.asOf, totals: view.totals };
    },
    /** The reminders' run (tests call it with their own clock). */
    runReminders: reminders.run,
    /** Billed and collected by month, and what is open by aging (the panel's money charts). */
    moneyOverview: createMoneyOverview(db),
    /** The firm's name its PDFs carry: 'Datos del estudio''s, else the account's holder ('' when neither is set). */
    firmName: async () => (await firmIdentity()).name,
    /** Of these stored keys, those a payment's receipt names: the documents' orphan sweep keeps them. */
    receiptKeysAmong: (keys: string[]) => paymentsRepository.receiptKeysAmong(db, keys),
    routes: async (app: FastifyInstance) => {
      await app.register(async (billing) => {
        await billing.register(multipart, {
          limits: { fileSize: BILLING_SHEET_RULES.limits.maxBytes + 1, files: 1, fields: 5, fieldSize: 1000, parts: 6 },
        });
        await billing.register(feeTermsRoutes, { terms });
        await billing.register(ufValuesRoutes, { uf });
        await billing.register(chargesRoutes, { charges });
        await billing.register(paymentsRoutes, { payments, receipts });
        await billing.register(cartolaRoutes, { cartola });
        await billing.register(collectionsRoutes, { collections });
        await billing.register(statementRoutes, { statement, firm: firmIdentity });
        await billing.register(billingSettingsRoutes, { settings, reminders });
      });
      // A client's receipt: multipart within the upload limits (FILE_MAX_MB), not the sheets' above.
      await app.register(receiptsRoutes, { receipts, uploads: deps.uploads });
    },
    jobs: [
      chargeGenerationJob(generation, log),
      ...(provider ? [ufFetchJob(provider, uf, missingUfDates, log)] : []),
      creditJob(payments, log),
      remindersJob(reminders, log),
    ],
  };
}
