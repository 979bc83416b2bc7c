import { boardMsg } from '@app/shared/messages-board';
import { companiesMsg } from '@app/shared/messages-companies';
import { requestsMsg } from '@app/shared/messages-requests';
import { currentPeriod, isTrackedIn, type Period, periodBounds, santiagoDate } from '@app/shared/period';
import { splitContacts } from '@app/shared/schemas/businesses';
import type { StoredFile } from '@app/shared/schemas/documents';
import type {
  CreateRequestSchema,
  DocumentRequest,
  RequestList,
  RequestSummaryList,
  RequestTemplate,
  RequestTemplateInputSchema,
  ReviewItemSchema,
  SendTemplateResponse,
  ToReview,
} from '@app/shared/schemas/requests';
import { RequestSummaryListSchema, ToReviewSchema } from '@app/shared/schemas/requests';
import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/schemas/services';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { EventBus } from '../../lib/events.ts';
import { createBuiltJsonCache, type TableChanges } from '../../lib/table-cache.ts';
import { presentRequest, presentSummary, presentTemplate } from './requests.presenter.ts';
import {
  type ItemFilesSql,
  type RequestListRow,
  requestsRepository as repo,
  SUMMARY_TABLES,
  TO_REVIEW_TABLES,
} from './requests.repository.ts';

type TemplateInput = z.output<typeof RequestTemplateInputSchema>;
type CreateInput = z.output<typeof CreateRequestSchema>;
type ReviewInput = z.output<typeof ReviewItemSchema>;

interface Business {
  id: number;
  name: string;
  contact: string;
  /** 'Seguimiento desde' (the stored first day), or null when tracked since the contract start. */
  trackingSince: string | null;
}

export interface EmailInput {
  businessId: number;
  emails: string[];
  subject: string;
  content: string;
}

interface Deps {
  events: EventBus;
  /** Which tables changed: the kept to-review counts are dropped with them. */
  changes: TableChanges;
  /** Whether SMTP_URL is set: without it every e-mail stays in the server's outbox. */
  mailConfigured: boolean;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Base of e-mailed links (APP_URL; http://localhost:PORT when unset). */
  appUrl: string;
  /** The clock `today` and the selectable periods are judged by (tests set it). */
  now?: () => Date;
  /** 404 when the service does not exist (services module). */
  assertServiceExists(serviceId: number): Promise<void>;
  /** Services active in a month (services module). */
  listServicesForMonth(month: number): Promise<{ service: { id: number; name: string } }[]>;
  /** The folder templates of these services (services module). */
  listFolderTemplates(serviceIds: number[]): Promise<{ id: number; serviceId: number }[]>;
  /** A company, 404 when there is none (companies module). */
  getBusiness(id: number): Promise<Business>;
  /** Companies whose contract covers the period (companies module). */
  listActiveBusinesses(period: Period): Promise<Business[]>;
  /** Company-service links that apply by a day (business-services module). */
  listApplying(lastDay: string, businessId?: number): Promise<{ businessId: number; serviceId: number }[]>;
  /** The services that apply to a company in a period (business-services module). */
  listApplyingServices(businessId: number, period: Period): Promise<{ id: number; name: string }[]>;
  /** SQL of the documents module the item reads embed: client files since review, the item's folder. */
  filesSql: ItemFilesSql;
  /** Files answering these items, oldest first, with links issued to the actor (documents module). */
  listItemFiles(actor: AuthUser, itemIds: number[]): Promise<Map<number, StoredFile[]>>;
  /**
   * Sends and writes the e-mail log (email module): as the acting staff member, or as the app
   * itself when `actor` is null (the scheduler's automatic send).
   */
  sendEmail(actor: AuthUser | null, input: EmailInput): Promise<'sent' | 'outbox' | 'failed'>;
}

/** What became of a request's e-mail: the e-mail log's delivery, or 'none' when the company has no contacts. */
export type MailOutcome = 'sent' | 'outbox' | 'failed' | 'none';

/** Companies e-mailed at once after a send: the mail server is not flooded, and 300 companies do not take 300 round trips in a row. */
const MAIL_CONCURRENCY = 4;
/** Items whose files are asked for in one call. */
const FILES_SLICE = 5000;
/** A client still sees a completed request this long after its last item was received. */
const COMPLETED_SHOWN_DAYS = 60;

const periodLabel = ({ year, month }: Period) => `${MONTH_NAMES[MONTH_KEYS[month - 1] ?? 'jan']} ${year}`;
const chileanDate = (isoDate: string) => isoDate.split('-').reverse().join('-');
const pad = (value: number) => String(value).padStart(2, '0');

/** `dueDay` of the month after the period, its last day when the month is shorter: a plain calendar date. */
export function templateDueDate(period: Period, dueDay: number): string {
  const year = period.month === 12 ? period.year + 1 : period.year;
  const month = period.month === 12 ? 1 : period.month + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(dueDay, lastDay))}`;
}

/**
 * Document requests, the firm's side: a service's templates, requests to a
 * company for a period (by hand or for every company at once), staff's review of each item, and
 * what awaits review.
 */
export function createRequestsService(db: Db, deps: Deps) {
  const now = deps.now ?? (() => new Date());
  const today = () => santiagoDate(now());
  const link = `${deps.appUrl}/`;
  // Every staff screen asks for the counts again on each live event of requests: one answer kept
  // until a request, an item or a file changes.
  const toReviewCache = createBuiltJsonCache(deps.changes, {
    name: 'requests-to-review',
    tables: [...TO_REVIEW_TABLES, ...deps.filesSql.clientFileTables],
    schema: ToReviewSchema,
    maxEntries: 1,
  });
  // /solicitudes asks for a month of every company again on each live event: one answer per month
  // and day (the states are judged by the day), the same for every staff member, as it holds no
  // per-reader links; kept until a request, item, file, company or service changes.
  const summaryCache = createBuiltJsonCache(deps.changes, {
    name: 'requests-month-summaries',
    tables: [...SUMMARY_TABLES, ...deps.filesSql.clientFileTables],
    schema: RequestSummaryListSchema,
    maxEntries: 4,
  });
  async function listSummaries(period: Period, day: string): Promise<RequestSummaryList> {
    const [rows, looks] = await Promise.all([
      repo.listRequests(db, { period }),
      repo.listItemLooks(db, period, deps.filesSql),
    ]);
    const looksOf = new Map<number, typeof looks>();
    for (const item of looks) {
      const list = looksOf.get(item.requestId);
      if (list) list.push(item);
      else looksOf.set(item.requestId, [item]);
    }
    return { today: day, rows: rows.map((row) => presentSummary(row, looksOf.get(row.id) ?? [], day)) };
  }

  async function countToReview(): Promise<ToReview> {
    const byBusiness = await repo.countToReview(db, deps.filesSql);
    return { total: byBusiness.reduce((sum, row) => sum + row.count, 0), byBusiness };
  }

  /** 'Solicitar a todas' e-mails still being sent after its answer: the app's close waits for them. */
  const mailing = new Set<Promise<void>>();

  /** No period after the current default one, as the boards and folders (judged by this module's clock). */
  function assertSelectable(period: Period) {
    const latest = currentPeriod(now());
    if (period.year * 12 + period.month > latest.year * 12 + latest.month) throw badRequest(boardMsg.periodInFuture);
  }

  async function loadTemplate(id: number): Promise<RequestTemplate> {
    const row = await repo.findTemplate(db, id);
    if (!row) throw notFound(requestsMsg.templateNotFound);
    return presentTemplate(row, await repo.listTemplateItems(db, [id]));
  }

  /** 400 on `items.N.serviceFolderId` for a folder that is not one of the service's templates. */
  async function assertFoldersOfService(serviceId: number, items: { serviceFolderId: number }[]) {
    const folders = new Set((await deps.listFolderTemplates([serviceId])).map((folder) => folder.id));
    items.forEach((item, index) => {
      if (!folders.has(item.serviceFolderId)) {
        throw badRequest(requestsMsg.folderNotOfService, `items.${index}.serviceFolderId`);
      }
    });
  }

  /** A folder or template removed between the check and the write still ends as 400/404, never 500. */
  async function checked<T>(write: () => Promise<T>, onMissing: () => AppError): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isForeignKeyViolation(error)) throw onMissing();
      throw error;
    }
  }

  /** The requests presented for the actor: items, their files (links issued to the actor), states as of today. */
  async function present(actor: AuthUser, rows: RequestListRow[], day = today()): Promise<DocumentRequest[]> {
    const items = await repo.listItems(
      db,
      rows.map((row) => row.id),
      deps.filesSql,
    );
    // In slices: a month of thousands of companies stays far below a statement's parameter limit.
    const files = new Map<number, StoredFile[]>();
    for (let start = 0; start < items.length; start += FILES_SLICE) {
      const slice = items.slice(start, start + FILES_SLICE).map((item) => item.id);
      for (const [itemId, listed] of await deps.listItemFiles(actor, slice)) files.set(itemId, listed);
    }
    const itemsOf = new Map<number, typeof items>();
    for (const item of items) {
      const list = itemsOf.get(item.requestId);
      if (list) list.push(item);
      else itemsOf.set(item.requestId, [item]);
    }
    return rows.map((row) => presentRequest(row, itemsOf.get(row.id) ?? [], files, day));
  }

  async function loadRequest(actor: AuthUser, id: number): Promise<DocumentRequest> {
    const [row] = await repo.listRequests(db, { ids: [id] });
    if (!row) throw notFound(requestsMsg.requestNotFound);
    const [request] = await present(actor, [row]);
    if (!request) throw notFound(requestsMsg.requestNotFound);
    return request;
  }

  /**
   * E-mails a company's contacts: what became of the mail ('none' when the company has no
   * contacts). A failure is logged, never thrown: the request stays, and the e-mail log retries it.
   */
  async function mailContacts(
    actor: AuthUser | null,
    business: Business,
    message: { subject: string; content: string },
  ): Promise<MailOutcome> {
    const emails = splitContacts(business.contact);
    if (emails.length === 0) return 'none';
    try {
      return await deps.sendEmail(actor, { businessId: business.id, emails, ...message });
    } catch (error) {
      deps.log.warn(
        { businessId: business.id, error: error instanceof Error ? error.message : String(error) },
        'request e-mail not sent',
      );
      return 'failed';
    }
  }

  const createdMail = (
    business: Business,
    request: { title: string; dueDate: string } & Period,
    itemNames: string[],
  ) => ({
    subject: requestsMsg.createdSubject(business.name, request.title),
    content: requestsMsg.createdBody(
      request.title,
      periodLabel(request),
      chileanDate(request.dueDate),
      itemNames,
      link,
    ),
  });

  /** Runs `work` over the list, a few at a time. */
  async function inPool<T>(list: T[], work: (value: T) => Promise<void>) {
    let next = 0;
    const worker = async () => {
      while (next < list.length) {
        const value = list[next++] as T;
        await work(value);
      }
    };
    await Promise.all(Array.from({ length: Math.min(MAIL_CONCURRENCY, list.length) }, worker));
  }

  return {
    // ---------- Templates ----------

    /** GET /api/service/{serviceId}/request-template. */
    async listTemplates(serviceId: number): Promise<RequestTemplate[]> {
      await deps.assertServiceExists(serviceId);
      const rows = await repo.listTemplates(db, serviceId);
      const items = await repo.listTemplateItems(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) =>
        presentTemplate(
          row,
          items.filter((item) => item.templateId === row.id),
        ),
      );
    },

    /** The templates of these services with their items and folder names (the tax catalogue compares them). */
    async listTemplatesOfServices(serviceIds: number[]): Promise<
      {
        serviceId: number;
        title: string;
        dueDay: number;
        sendDay: number | null;
        items: { name: string; folderName: string }[];
      }[]
    > {
      const rows = await repo.listTemplatesOfServices(db, serviceIds);
      const items = await repo.listTemplateItems(
        db,
        rows.map((row) => row.id),
      );
      return rows.map((row) => ({
        serviceId: row.serviceId,
        title: row.title,
        dueDay: row.dueDay,
        sendDay: row.sendDay,
        items: items.filter((item) => item.templateId === row.id).map(({ name, folderName }) => ({ name, folderName })),
      }));
    },

    /** A template of a service being created in the caller's transaction (a tax catalogue entry's). */
    async insertTemplateIn(
      tx: DbOrTx,
      serviceId: number,
      template: {
        title: string;
        dueDay: number;
        sendDay: number | null;
        items: { name: string; serviceFolderId: number }[];
      },
    ): Promise<void> {
      const row = await repo.insertTemplate(tx, {
        serviceId,
        title: template.title,
        dueDay: template.dueDay,
        sendDay: template.sendDay,
      });
      await repo.replaceTemplateItems(tx, row.id, template.items);
    },

    /** POST /api/service/{serviceId}/request-template: the template and its items in one transaction. */
    async createTemplate(serviceId: number, input: TemplateInput): Promise<RequestTemplate> {
      await deps.assertServiceExists(serviceId);
      await assertFoldersOfService(serviceId, input.items);
      const id = await checked(
        () =>
          db.transaction(async (tx) => {
            const row = await repo.insertTemplate(tx, {
              serviceId,
              title: input.title,
              dueDay: input.dueDay,
              sendDay: input.sendDay,
            });
            await repo.replaceTemplateItems(tx, row.id, input.items);
            return row.id;
          }),
        () => badRequest(requestsMsg.folderNotOfService, 'items'),
      );
      return loadTemplate(id);
    },

    /** PUT /api/request-template/{id}: the whole template; its items are replaced in the same transaction. */
    async updateTemplate(id: number, input: TemplateInput): Promise<RequestTemplate> {
      const existing = await repo.findTemplate(db, id);
      if (!existing) throw notFound(requestsMsg.templateNotFound);
      await assertFoldersOfService(existing.serviceId, input.items);
      await checked(
        () =>
          db.transaction(async (tx) => {
            const row = await repo.updateTemplate(tx, id, {
              title: input.title,
              dueDay: input.dueDay,
              sendDay: input.sendDay,
            });
            if (!row) throw notFound(requestsMsg.templateNotFound);
            await repo.replaceTemplateItems(tx, id, input.items);
          }),
        () => badRequest(requestsMsg.folderNotOfService, 'items'),
      );
      return loadTemplate(id);
    },

    async deleteTemplate(id: number): Promise<void> {
      if (!(await repo.deleteTemplate(db, id))) throw notFound(requestsMsg.templateNotFound);
    },

    /**
     * 'Solicitar a todas': one request per company the template's service applies to in the
     * period (active company, link started by the period's last day, service active that month),
     * items copied, due on the template's day of the month after. One transaction; a company that
     * already has this template's request for the period is skipped, so a second or a parallel
     * send never duplicates. Each new request's company is e-mailed after commit; `actor` null is
     * the scheduler's automatic send (mail goes out as the app's).
     */
    async sendTemplate(actor: AuthUser | null, templateId: number, period: Period): Promise<SendTemplateResponse> {
      assertSelectable(period);
      const template = await loadTemplate(templateId);
      const [active, applying, servicesOfMonth] = await Promise.all([
        deps.listActiveBusinesses(period),
        deps.listApplying(periodBounds(period).lastDay),
        deps.listServicesForMonth(period.month),
      ]);
      const service = servicesOfMonth.find(({ service }) => service.id === template.serviceId)?.service;
      const linked = new Set(
        applying.filter((link) => link.serviceId === template.serviceId).map((link) => link.businessId),
      );
      // A company tracked only from a later month ('Seguimiento desde') is not asked for this one.
      const targets = service
        ? active.filter((business) => linked.has(business.id) && isTrackedIn(business, period))
        : [];
      const dueDate = templateDueDate(period, template.dueDay);

      const created = await checked(
        () =>
          db.transaction(async (tx) => {
            const inserted = await repo.insertTemplateRequests(
              tx,
              targets.map((business) => ({
                businessId: business.id,
                ...period,
                title: template.title,
                dueDate,
                serviceId: template.serviceId,
                templateId,
                createdBy: actor?.id ?? null,
              })),
            );
            await repo.insertItems(
              tx,
              inserted.flatMap((request) =>
                template.items.map((item, position) => ({
                  requestId: request.id,
                  name: item.name,
                  serviceFolderId: item.serviceFolderId,
                  position,
                })),
              ),
            );
            return inserted;
          }),
        () => notFound(requestsMsg.templateNotFound),
      );
      // Several companies at once: the event says so with company 0.
      if (created.length > 0) deps.events.emit('requests.changed', { businessId: 0, ...period });

      // Answered once the requests are written; the e-mails follow. Each one lands in the e-mail
      // log, a failed one with its retries, so the answer does not wait for the mail server.
      const byId = new Map(targets.map((business) => [business.id, business]));
      const toMail = created.flatMap((request) => {
        const business = byId.get(request.businessId);
        return business && splitContacts(business.contact).length > 0 ? [business] : [];
      });
      const itemNames = template.items.map((item) => item.name);
      const sending = inPool(toMail, async (business) => {
        await mailContacts(actor, business, createdMail(business, { ...template, ...period, dueDate }, itemNames));
      })
        .catch((error: unknown) =>
          deps.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'request e-mails stopped'),
        )
        .finally(() => mailing.delete(sending));
      mailing.add(sending);
      const skipped = targets.length - created.length;
      const emailed = toMail.length;
      const message = `${requestsMsg.sentToAll(created.length, skipped)}${
        emailed > 0 ? requestsMsg.sentToAllMail(emailed, deps.mailConfigured) : ''
      }`;
      return { message, created: created.length, skipped, emailed };
    },

    /** Resolves once the e-mails of every 'Solicitar a todas' answered so far are handed over (app close, tests). */
    async mailsSettled(): Promise<void> {
      while (mailing.size > 0) await Promise.all([...mailing]);
    },

    // ---------- Requests ----------

    /**
     * POST /api/requests: a request to one company for one period, written by hand. Each item goes
     * into a folder template of a service that applies to the company in that period.
     */
    async createRequest(actor: AuthUser, input: CreateInput): Promise<{ request: DocumentRequest; mail: MailOutcome }> {
      const period: Period = { year: input.year, month: input.month };
      assertSelectable(period);
      const business = await deps.getBusiness(input.businessId).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) {
          throw badRequest(companiesMsg.businessNotFound, 'businessId');
        }
        throw error;
      });
      const applying = await deps.listApplyingServices(business.id, period);
      const templates = await deps.listFolderTemplates(applying.map((service) => service.id));
      const serviceOfFolder = new Map(templates.map((folder) => [folder.id, folder.serviceId]));
      input.items.forEach((item, index) => {
        if (!serviceOfFolder.has(item.serviceFolderId)) {
          throw badRequest(requestsMsg.folderNotOfPeriod, `items.${index}.serviceFolderId`);
        }
      });
      // The request's service when every item is filed under the same one (the /solicitudes filter).
      const serviceIds = new Set(input.items.map((item) => serviceOfFolder.get(item.serviceFolderId)));
      const serviceId = serviceIds.size === 1 ? ([...serviceIds][0] ?? null) : null;

      // The answer is read inside the transaction that writes it: once it commits nothing is left
      // to fail, so a database lost right after the commit cannot turn a written request into a
      // 503 that invites a duplicate. A new request has no files yet.
      const request = await checked(
        () =>
          db.transaction(async (tx) => {
            const row = await repo.insertRequest(tx, {
              businessId: business.id,
              ...period,
              title: input.title,
              dueDate: input.dueDate,
              serviceId,
              createdBy: actor.id,
            });
            await repo.insertItems(
              tx,
              input.items.map((item, position) => ({
                requestId: row.id,
                name: item.name,
                serviceFolderId: item.serviceFolderId,
                position,
              })),
            );
            const [listed] = await repo.listRequests(tx, { ids: [row.id] });
            if (!listed) throw new Error('request written but not read back');
            return presentRequest(listed, await repo.listItems(tx, [row.id], deps.filesSql), new Map(), today());
          }),
        () => badRequest(requestsMsg.folderNotOfPeriod, 'items'),
      );
      deps.events.emit('requests.changed', { businessId: business.id, ...period });
      const mail = await mailContacts(
        actor,
        business,
        createdMail(
          business,
          { ...input, ...period },
          input.items.map((item) => item.name),
        ),
      );
      return { request, mail };
    },

    /** DELETE /api/requests/{id}: its items go with it; files sent against them stay in their folders. */
    async deleteRequest(id: number): Promise<void> {
      const row = await repo.deleteRequest(db, id);
      if (!row) throw notFound(requestsMsg.requestNotFound);
      deps.events.emit('requests.changed', { businessId: row.businessId, year: row.year, month: row.month });
    },

    /** GET /api/requests?year&month: every company's requests of the month as summaries, kept as built JSON. */
    listMonthBuilt(period: Period): Promise<BuiltJson> {
      const day = today();
      return summaryCache.get(`${period.year}-${period.month}|${day}`, () => listSummaries(period, day));
    },

    /** GET /api/business/{id}/requests?year&month: a company's requests with their items' files. */
    async listForPeriod(actor: AuthUser, period: Period, businessId?: number): Promise<RequestList> {
      if (businessId !== undefined) await deps.getBusiness(businessId);
      const day = today();
      const rows = await repo.listRequests(db, { period, businessId });
      return { today: day, rows: await present(actor, rows, day) };
    },

    /**
     * GET /api/my/requests: the client's own company's requests not complete (any period), then
     * those completed in the last 60 days; open ones first, by due date.
     */
    async listForClient(actor: AuthUser): Promise<RequestList> {
      const day = today();
      if (actor.businessId === null) return { today: day, rows: [] };
      const since = new Date(now().getTime() - COMPLETED_SHOWN_DAYS * 86_400_000);
      const rows = await repo.listRequests(db, { businessId: actor.businessId, openOrCompletedSince: since });
      const presented = await present(actor, rows, day);
      const open = (request: DocumentRequest) => (request.state === 'completa' ? 1 : 0);
      presented.sort(
        (a, b) =>
          open(a) - open(b) ||
          (open(a) === 0 ? a.dueDate.localeCompare(b.dueDate) : b.dueDate.localeCompare(a.dueDate)) ||
          a.id - b.id,
      );
      return { today: day, rows: presented };
    },

    /**
     * A company's requests still waiting (an item not received) of this period and the ones before,
     * oldest due first, each with its state as of today and its items (no files: the monthly report
     * names what is missing, it links nothing).
     */
    async pendingOf(businessId: number, upTo: Period): Promise<DocumentRequest[]> {
      const day = today();
      // Nothing is reviewed in the future: only the requests with an item not received.
      const rows = (
        await repo.listRequests(db, { businessId, openOrCompletedSince: new Date(now().getTime() + 86_400_000) })
      ).filter((row) => row.year * 12 + row.month <= upTo.year * 12 + upTo.month);
      const items = await repo.listItems(
        db,
        rows.map((row) => row.id),
        deps.filesSql,
      );
      const itemsOf = new Map<number, typeof items>();
      for (const item of items) itemsOf.set(item.requestId, [...(itemsOf.get(item.requestId) ?? []), item]);
      return rows
        .map((row) => presentRequest(row, itemsOf.get(row.id) ?? [], new Map(), day))
        .filter((request) => request.state !== 'completa')
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id);
    },

    /**
     * PUT /api/request-item/{id}: staff mark it received, ask again (the company is e-mailed the
     * comment), or reopen it; stamped with who and when. Answers the whole request.
     */
    async reviewItem(
      actor: AuthUser,
      itemId: number,
      input: ReviewInput,
    ): Promise<{ request: DocumentRequest; message: string }> {
      const found = await repo.findItem(db, itemId);
      if (!found) throw notFound(requestsMsg.itemNotFound);
      const comment = input.status === 'rejected' ? input.comment : '';
      const row = await repo.reviewItem(db, itemId, { status: input.status, comment, reviewedBy: actor.id });
      if (!row) throw notFound(requestsMsg.itemNotFound);
      const { request } = found;
      deps.events.emit('requests.changed', {
        businessId: request.businessId,
        year: request.year,
        month: request.month,
      });
      if (input.status === 'rejected') {
        const business = await deps.getBusiness(request.businessId);
        await mailContacts(actor, business, {
          subject: requestsMsg.rejectedSubject(business.name, row.name),
          content: requestsMsg.rejectedBody(row.name, request.title, comment, link),
        });
      }
      const message = {
        received: requestsMsg.itemReceived,
        rejected: requestsMsg.itemRejected,
        pending: requestsMsg.itemReopened,
      }[input.status];
      return { request: await loadRequest(actor, request.id), message };
    },

    /**
     * Items not received that a client sent a file to since staff last looked (any file, if never
     * looked at): in total and per company, read now (the morning digest; the route answers toReviewBuilt).
     */
    countToReview,

    /** GET /api/requests/to-review: the counts kept as built JSON until their tables change. */
    toReviewBuilt(): Promise<BuiltJson> {
      return toReviewCache.get('all', countToReview);
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
