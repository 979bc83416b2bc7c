import type { Readable } from 'node:stream';
import { msg } from '@app/shared/messages';
import { APPROVAL_STATUS_LABELS, approvalsMsg } from '@app/shared/messages-approvals';
import { can } from '@app/shared/permissions';
import {
  type Approval,
  type ApprovalAnswerSchema,
  type ApprovalFileChoice,
  type ApprovalMailOutcome,
  type ApprovalRequestSchema,
  ApprovalUploadFieldsSchema,
} from '@app/shared/schemas/approvals';
import type { EmailDelivery } from '@app/shared/schemas/email';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { IncomingFile } from '../../lib/multipart-uploads.ts';
import { presentApproval } from './approvals.presenter.ts';
import { type ApprovalRow, approvalsRepository as repository } from './approvals.repository.ts';
import { sha256Of } from './file-hash.ts';

type RequestInput = z.output<typeof ApprovalRequestSchema>;
type AnswerInput = z.output<typeof ApprovalAnswerSchema>;

/** A company file as the documents module hands it over (its stored bytes' key stays on the server). */
interface CompanyFile {
  id: number;
  name: string;
  size: number;
  contentType: string;
  storageKey: string;
}

interface Person {
  id: number;
  name: string;
  lastName: string;
  email: string;
}

export interface ApprovalsDeps {
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** APP_URL: the base of the e-mailed links to the portal. */
  appUrl: string;
  /** File storage: stored bytes as a stream read as consumed; null when missing. */
  openStored(key: string): Promise<Readable | null>;
  /** The firm's name, as the certificate and the e-mails name it. */
  firmName(): Promise<string>;
  /** The companies module: a company (404 in Spanish when missing). */
  getBusiness(id: number): Promise<{ id: number; name: string }>;
  /** The users module: the company's client users, who answer and receive the e-mails. */
  listClientUsers(businessId: number): Promise<Person[]>;
  /** The users module: a user's name and e-mail; undefined when gone. */
  findUser(id: number): Promise<Person | undefined>;
  /** The documents module: a file of the company, or undefined when it is not the company's. */
  fileOfBusiness(businessId: number, fileId: number): Promise<CompanyFile | undefined>;
  /** The documents module: a file's stored key with its row locked until the transaction ends; undefined when gone. */
  lockFileKey(tx: DbOrTx, fileId: number): Promise<string | undefined>;
  /** The documents module: the company's files, newest first. */
  listFilesOfBusiness(businessId: number, limit: number): Promise<ApprovalFileChoice[]>;
  /** The documents module: one uploaded file streamed to storage and recognised by its content (PDF only here). */
  storeLooseFile(
    file: IncomingFile,
    options: { maxMegabytes: number; kinds: readonly 'pdf'[]; refusal: () => Error },
  ): Promise<{ key: string; name: string; size: number; contentType: string }>;
  removeStoredBytes(keys: string[]): Promise<void>;
  /** The e-mail module: sends and logs (with the staff sender, or none for the scheduler). */
  sendEmail(
    actor: AuthUser | null,
    input: { businessId: number; emails: string[]; subject: string; content: string },
  ): Promise<{ id: number; delivery: EmailDelivery }>;
  /** The e-mail module: what became of logged e-mails. */
  deliveries(ids: number[]): Promise<Map<number, EmailDelivery>>;
  /**
   * Told after commit when a request is made and when it is answered (a company's message thread
   * may show it); nothing by default. A failure is logged, never the request's.
   */
  announce?(businessId: number, text: string, link: string): void | Promise<void>;
  /** The WhatsApp module's queue: the request as notice 0 (only when configured and the company accepted); never throws. */
  notifyWhatsApp(notice: {
    kind: 'approval';
    businessId: number;
    approvalId: number;
    reminder: number;
    title: string;
    at: Date;
  }): Promise<unknown>;
  now?: () => Date;
}

/** How many company files the picker of 'Solicitar aprobación' lists. */
const FILE_CHOICES = 300;
/** The longest user agent kept. */
const USER_AGENT_MAX = 500;

const fullName = (person: { name: string; lastName: string }) => `${person.name} ${person.lastName}`.trim();

/**
 * Client approvals: staff ask a company's client to approve one document (a company file or a PDF
 * uploaded with the request), whose exact bytes are fingerprinted (SHA-256, read as a stream) at the
 * request; the client answers 'Apruebo' or 'Rechazo' (with a comment) from the portal, and the answer
 * keeps who, when, from which address and browser. An approval is refused when the document's
 * bytes no longer match; an approved company file can no longer be replaced or deleted.
 */
export function createApprovalsService(db: Db, deps: ApprovalsDeps) {
  const now = deps.now ?? (() => new Date());
  const linkOf = (id: number) => `/aprobaciones/${id}`;

  async function announce(businessId: number, text: string, id: number) {
    try {
      await deps.announce?.(businessId, text, linkOf(id));
    } catch (error) {
      deps.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'approval announce failed');
    }
  }

  /** The API's shape of rows of one company: its name, the e-mails' outcomes, the documents' state. */
  async function present(rows: ApprovalRow[], knownNames = new Map<number, string>()): Promise<Approval[]> {
    if (rows.length === 0) return [];
    const names = new Map(knownNames);
    const missing = [...new Set(rows.map((row) => row.businessId))].filter((businessId) => !names.has(businessId));
    const [reminders] = await Promise.all([
      repository.listReminders(
        db,
        rows.map((row) => row.id),
      ),
      ...missing.map(async (businessId) => names.set(businessId, (await deps.getBusiness(businessId)).name)),
    ]);
    const emailLogIds = reminders.flatMap((reminder) => (reminder.emailLogId === null ? [] : [reminder.emailLogId]));
    const deliveries = emailLogIds.length > 0 ? await deps.deliveries(emailLogIds) : new Map<number, EmailDelivery>();
    const outcomeOf = (emailLogId: number | null): ApprovalMailOutcome =>
      emailLogId === null ? 'none' : (deliveries.get(emailLogId) ?? 'none');
    return rows.map((row) => {
      const own = reminders.filter((reminder) => reminder.approvalId === row.id);
      const first = own.find((reminder) => reminder.number === 0);
      const later = own.filter((reminder) => reminder.number > 0);
      const last = later.at(-1);
      return presentApproval(row, {
        businessName: names.get(row.businessId) ?? '',
        requestMail: first ? outcomeOf(first.emailLogId) : null,
        reminders: {
          count: later.length,
          lastAt: last?.claimedAt.toISOString() ?? null,
          lastDelivery: last ? outcomeOf(last.emailLogId) : null,
        },
      });
    });
  }
  const presentOne = async (row: ApprovalRow) => (await present([row]))[0] as Approval;

  /** The approval when the actor may see it: 404 when missing, 403 when of another company. */
  async function visible(actor: AuthUser, id: number): Promise<ApprovalRow> {
    const row = await repository.findById(db, id);
    if (!row) throw notFound(approvalsMsg.notFound);
    if (!can(actor, 'approval:view', row)) throw forbidden(msg.forbidden);
    return row;
  }

  /** The SHA-256 of stored bytes, streamed; undefined when nothing is stored under the key. */
  async function hashStored(key: string): Promise<{ sha256: string; size: number } | undefined> {
    const stream = await deps.openStored(key);
    return stream ? sha256Of(stream) : undefined;
  }

  /** The company and its client users, who will answer; 409 when it has none. */
  async function companyWithClients(businessId: number) {
    const business = await deps.getBusiness(businessId);
    const clients = await deps.listClientUsers(businessId);
    if (clients.length === 0) throw conflict(approvalsMsg.noClientUser);
    return { business, clients };
  }

  async function requesterName(actor: AuthUser): Promise<string> {
    const user = await deps.findUser(actor.id);
    return user ? fullName(user) : `#${actor.id}`;
  }

  /** Inserts the request and its activity entry in one transaction; a second pending request of the file is 409. */
  async function insertLogged(
    values: Parameters<typeof repository.insert>[1],
    by: ActivityActor,
    inTransaction?: (tx: DbOrTx) => Promise<void>,
  ): Promise<ApprovalRow> {
    try {
      return await db.transaction(async (tx) => {
        await inTransaction?.(tx);
        const row = await repository.insert(tx, values);
        await recordActivity(tx, by, {
          kind: 'approval',
          action: 'requested',
          recordId: row.id,
          recordLabel: row.title,
          businessId: row.businessId,
          details: {
            after: {
              title: row.title,
              document: row.documentName,
              size: row.documentSize,
              sha256: row.sha256,
              message: row.message,
              reminderDays: row.reminderDays,
            },
          },
        });
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(approvalsMsg.alreadyPending);
      throw error;
    }
  }

  /** After commit: the request's e-mail to the client users (number 0 of its mails), its WhatsApp notice, then the hook. */
  async function tellClients(actor: AuthUser, row: ApprovalRow, clients: Person[]): Promise<ApprovalMailOutcome> {
    const emails = [...new Set(clients.map((client) => client.email).filter(Boolean))];
    let outcome: ApprovalMailOutcome = 'none';
    let emailLogId: number | null = null;
    if (emails.length > 0) {
      const firm = await deps.firmName();
      const sent = await deps.sendEmail(actor, {
        businessId: row.businessId,
        emails,
        subject: approvalsMsg.mailSubject(firm, row.title),
        content: approvalsMsg.mailBody({
          title: row.title,
          message: row.message,
          documentName: row.documentName,
          link: `${deps.appUrl}${linkOf(row.id)}`,
        }),
      });
      outcome = sent.delivery;
      emailLogId = sent.id;
    }
    if (await repository.claimReminder(db, row.id, 0, row.requestedAt)) {
      if (emailLogId !== null) await repository.setReminderEmail(db, row.id, 0, emailLogId);
    }
    await deps.notifyWhatsApp({
      kind: 'approval',
      businessId: row.businessId,
      approvalId: row.id,
      reminder: 0,
      title: row.title,
      at: row.requestedAt,
    });
    await announce(row.businessId, approvalsMsg.announceRequested(row.title), row.id);
    return outcome;
  }

  const requestedMessage = (outcome: ApprovalMailOutcome) =>
    outcome === 'sent'
      ? approvalsMsg.requestedSent
      : outcome === 'outbox'
        ? approvalsMsg.requestedOutbox
        : outcome === 'failed'
          ? approvalsMsg.requestedMailFailed
          : approvalsMsg.requestedNoMail;

  return {
    /** GET /api/business/{businessId}/approvals: a company's approvals, newest first. */
    async list(actor: AuthUser, businessId: number): Promise<Approval[]> {
      if (!can(actor, 'approval:view', { businessId })) throw forbidden(msg.forbidden);
      const [business, rows] = await Promise.all([
        deps.getBusiness(businessId),
        repository.listOfBusiness(db, businessId),
      ]);
      return present(rows, new Map([[business.id, business.name]]));
    },

    /** GET /api/approvals/{id}. */
    async get(actor: AuthUser, id: number): Promise<Approval> {
      return presentOne(await visible(actor, id));
    },

    /** GET /api/business/{businessId}/approvals/files: the company's files to choose from. */
    async fileChoices(businessId: number): Promise<ApprovalFileChoice[]> {
      await deps.getBusiness(businessId);
      return deps.listFilesOfBusiness(businessId, FILE_CHOICES);
    },

    /**
     * 'Solicitar aprobación' of a company file: its bytes' SHA-256 read from storage, the request
     * written with its activity entry while the file's row is locked (a replacement meanwhile is
     * seen, and the bytes read again), then the client users are e-mailed.
     */
    async request(
      actor: AuthUser,
      businessId: number,
      input: RequestInput,
      by: ActivityActor,
    ): Promise<{ approval: Approval; message: string }> {
      const { clients } = await companyWithClients(businessId);
      const requestedByName = await requesterName(actor);
      for (let attempt = 1; ; attempt++) {
        const file = await deps.fileOfBusiness(businessId, input.fileId);
        if (!file) throw notFound(approvalsMsg.fileNotFound);
        const hashed = await hashStored(file.storageKey);
        if (!hashed) throw conflict(approvalsMsg.fileMissing);
        let replacedMeanwhile = false;
        const row = await insertLogged(
          {
            businessId,
            fileId: file.id,
            source: 'file',
            documentName: file.name,
            documentSize: hashed.size,
            contentType: file.contentType,
            sha256: hashed.sha256,
            title: input.title,
            message: input.message,
            reminderDays: input.reminderDays,
            requestedBy: actor.id,
            requestedByName,
            requestedAt: now(),
          },
          by,
          async (tx) => {
            const key = await deps.lockFileKey(tx, file.id);
            if (key === undefined) throw notFound(approvalsMsg.fileNotFound);
            if (key !== file.storageKey) {
              replacedMeanwhile = true;
              throw conflict(approvalsMsg.documentChanged);
            }
            if (await repository.approvedForFile(tx, file.id)) throw conflict(approvalsMsg.alreadyApproved);
          },
        ).catch((error: unknown) => {
          if (replacedMeanwhile && attempt < 3) return undefined;
          throw error;
        });
        if (!row) continue;
        const outcome = await tellClients(actor, row, clients);
        return { approval: await presentOne(row), message: requestedMessage(outcome) };
      }
    },

    /**
     * 'Solicitar aprobación' with a PDF uploaded right there (multipart: the text fields first, then
     * the file): kept by this module, fingerprinted as it is read back from storage.
     */
    async requestUpload(
      actor: AuthUser,
      businessId: number,
      files: AsyncIterable<IncomingFile>,
      fields: ReadonlyMap<string, string>,
      { maxMegabytes }: { maxMegabytes: number },
      by: ActivityActor,
    ): Promise<{ approval: Approval; message: string }> {
      const { clients } = await companyWithClients(businessId);
      const requestedByName = await requesterName(actor);
      const stored: { key: string; name: string; size: number; contentType: string }[] = [];
      try {
        for await (const file of files) {
          if (stored.length > 0) {
            file.content.resume();
            throw badRequest(approvalsMsg.onlyPdf, 'file');
          }
          stored.push(
            await deps.storeLooseFile(file, {
              maxMegabytes,
              kinds: ['pdf'],
              refusal: () => new AppError(415, approvalsMsg.onlyPdf),
            }),
          );
        }
        const parsed = ApprovalUploadFieldsSchema.safeParse(Object.fromEntries(fields));
        if (!parsed.success) {
          const errors = parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
          throw new AppError(400, errors[0]?.message ?? msg.badRequest, errors);
        }
        const pdf = stored[0];
        if (!pdf) throw badRequest(approvalsMsg.fileRequired, 'file');
        const hashed = await hashStored(pdf.key);
        if (!hashed) throw conflict(approvalsMsg.fileMissing);
        const row = await insertLogged(
          {
            businessId,
            fileId: null,
            storageKey: pdf.key,
            source: 'upload',
            documentName: pdf.name,
            documentSize: hashed.size,
            contentType: pdf.contentType,
            sha256: hashed.sha256,
            title: parsed.data.title,
            message: parsed.data.message,
            reminderDays: parsed.data.reminderDays,
            requestedBy: actor.id,
            requestedByName,
            requestedAt: now(),
          },
          by,
        );
        const outcome = await tellClients(actor, row, clients);
        return { approval: await presentOne(row), message: requestedMessage(outcome) };
      } catch (error) {
        await deps.removeStoredBytes(stored.map((file) => file.key));
        throw error;
      }
    },

    /**
     * The client's answer, from their own company only. 'Apruebo' reads the document's bytes again:
     * when their SHA-256 differs from the request's (the file was replaced), or the file is gone, the
     * approval is refused. The answer keeps who, when, the address and the browser.
     */
    async answer(
      actor: AuthUser,
      id: number,
      input: AnswerInput,
      from: { ip: string; userAgent: string | undefined },
      by: ActivityActor,
    ): Promise<{ approval: Approval; message: string }> {
      const found = await visible(actor, id);
      if (!can(actor, 'approval:answer', found)) throw forbidden(msg.forbidden);
      if (found.status !== 'pending') throw conflict(approvalsMsg.notPending(statusText(found.status)));
      const approve = input.answer === 'approve';
      let checkedKey: string | undefined;
      if (approve) {
        const file = found.source === 'file' ? await currentFile(found) : undefined;
        const key = found.source === 'file' ? file?.storageKey : (found.storageKey ?? undefined);
        if (!key) throw conflict(approvalsMsg.documentGone);
        const hashed = await hashStored(key);
        if (!hashed) throw conflict(approvalsMsg.documentGone);
        if (hashed.sha256 !== found.sha256) throw conflict(approvalsMsg.documentChanged);
        checkedKey = key;
      }
      const answerer = await deps.findUser(actor.id);
      const answeredByName = answerer ? fullName(answerer) : `#${actor.id}`;
      const row = await db.transaction(async (tx) => {
        if (approve && found.source === 'file' && found.fileId !== null) {
          // The file's row locked: a replacement or deletion waits for this answer, or went first.
          const key = await deps.lockFileKey(tx, found.fileId);
          if (key === undefined) throw conflict(approvalsMsg.documentGone);
          if (key !== checkedKey) throw conflict(approvalsMsg.documentChanged);
        }
        const settled = await repository.settle(tx, id, {
          status: approve ? 'approved' : 'rejected',
          answeredBy: actor.id,
          answeredByName,
          answeredByEmail: answerer?.email ?? null,
          answeredAt: now(),
          answerIp: from.ip,
          answerUserAgent: (from.userAgent ?? '').slice(0, USER_AGENT_MAX),
          comment: input.comment,
        });
        if (!settled) {
          const current = await repository.findById(tx, id);
          throw conflict(approvalsMsg.notPending(statusText(current?.status ?? 'cancelled')));
        }
        await recordActivity(tx, by, {
          kind: 'approval',
          action: approve ? 'approved' : 'rejected',
          recordId: settled.id,
          recordLabel: settled.title,
          businessId: settled.businessId,
          details: {
            after: {
              answer: approve ? 'Apruebo' : 'Rechazo',
              comment: input.comment,
              document: settled.documentName,
              sha256: settled.sha256,
              userAgent: settled.answerUserAgent,
            },
          },
        });
        return settled;
      });
      await announce(row.businessId, approvalsMsg.announceAnswered(answeredByName, input.answer, row.title), row.id);
      return { approval: await presentOne(row), message: approve ? approvalsMsg.approved : approvalsMsg.rejected };
    },

    /** 'Anular' (staff): a pending request is cancelled; an answered one stays as it is (409). */
    async cancel(actor: AuthUser, id: number, by: ActivityActor): Promise<{ approval: Approval; message: string }> {
      await visible(actor, id);
      const name = await requesterName(actor);
      const row = await db.transaction(async (tx) => {
        const settled = await repository.settle(tx, id, {
          status: 'cancelled',
          cancelledBy: actor.id,
          cancelledByName: name,
          cancelledAt: now(),
        });
        if (!settled) {
          const current = await repository.findById(tx, id);
          throw conflict(approvalsMsg.notPending(statusText(current?.status ?? 'cancelled')));
        }
        await recordActivity(tx, by, {
          kind: 'approval',
          action: 'cancelled',
          recordId: settled.id,
          recordLabel: settled.title,
          businessId: settled.businessId,
          details: { before: { status: 'Pendiente' }, after: { status: 'Anulado' } },
        });
        return settled;
      });
      return { approval: await presentOne(row), message: approvalsMsg.cancelled };
    },

    /**
     * The document's bytes as they are now, for whoever may see the approval (the client opens it
     * before answering); each opening is in the activity log.
     */
    async document(
      actor: AuthUser,
      id: number,
      by: ActivityActor,
    ): Promise<{ name: string; contentType: string; body: Readable }> {
      const row = await visible(actor, id);
      const key = row.source === 'file' ? (await currentFile(row))?.storageKey : (row.storageKey ?? undefined);
      const body = key ? await deps.openStored(key) : null;
      if (!body) throw notFound(approvalsMsg.documentGone);
      await recordActivity(db, by, {
        kind: 'approval',
        action: 'downloaded',
        recordId: row.id,
        recordLabel: row.title,
        businessId: row.businessId,
      }).catch((error: unknown) => {
        body.destroy();
        throw error;
      });
      return { name: row.documentName, contentType: row.contentType, body };
    },

    /** The certificate's data: an answered approval (409 while pending or once cancelled), and the firm's name. */
    async certificate(actor: AuthUser, id: number): Promise<{ approval: Approval; firmName: string }> {
      const row = await visible(actor, id);
      if (row.status !== 'approved' && row.status !== 'rejected') throw conflict(approvalsMsg.certificateNotYet);
      return { approval: await presentOne(row), firmName: await deps.firmName() };
    },

    /**
     * The documents module's check before replacing or deleting a file, in its transaction with the
     * file's row locked: 409 when the client approved it.
     */
    async assertFileMayChange(tx: DbOrTx, fileId: number): Promise<void> {
      const approved = await repository.approvedForFile(tx, fileId);
      if (approved) throw conflict(approvalsMsg.fileApproved(approved.title));
    },

    /** Of these stored keys, those an approval's uploaded PDF is kept under (the orphan sweep keeps them). */
    keysAmong: (keys: string[]) => repository.keysAmong(db, keys),

    /** 'Suprimir': how many approvals these users answered, read in the caller's transaction. */
    countAnsweredBy: (userIds: number[], tx: DbOrTx = db) => repository.countAnsweredBy(tx, userIds),
  };

  /** The company file of an approval as it is now; undefined when deleted. */
  async function currentFile(row: ApprovalRow): Promise<CompanyFile | undefined> {
    return row.fileId === null ? undefined : deps.fileOfBusiness(row.businessId, row.fileId);
  }
}

const statusText = (status: ApprovalRow['status']) => APPROVAL_STATUS_LABELS[status];

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
