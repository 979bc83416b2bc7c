import { type EmailDelivery, EmailLogPageSchema, type SendEmailSchema } from '@app/shared/schemas/email';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import type { BuiltJson } from '../../lib/built-json.ts';
import type { MailAttachment, Mailer, MailMessage } from '../../lib/mailer.ts';
import type { NewestPage, SubjectMatch, SubjectPage } from '../../lib/subject-search.ts';
import { createBuiltJsonCache, type TableChanges, type TablesRead } from '../../lib/table-cache.ts';
import type { XlsxSheet } from '../../lib/xlsx-stream.ts';
import { deliveryOf, presentEmail } from './email.presenter.ts';
import { type EmailLogCursor, type EmailLogEntry, type EmailLogRow, emailRepository } from './email.repository.ts';
import { emailLog } from './email.tables.ts';
import { emailLogSheet } from './email-export.ts';

type SendInput = z.output<typeof SendEmailSchema>;
/** An automatic mail: its own HTML (the morning digest's) and files attached (a monthly report's PDF). */
type AutomaticInput = SendInput & { html?: string; attachments?: MailAttachment[] };

interface Deps {
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Whether SMTP_URL and APP_URL are set (GET /api/email/status). */
  status: { mailConfigured: boolean; appUrlConfigured: boolean };
  /** 404 when the company does not exist (companies module). */
  assertBusinessExists(id: number): Promise<void>;
  /** A staff member's address: the Reply-To of the mails they send (users module). */
  findUserEmail(id: number): Promise<string | undefined>;
  /** The companies' names by id, with the table they are read from (companies module). */
  listBusinessNames: ((ids: readonly number[]) => Promise<Map<number, string>>) & TablesRead;
  /** The senders' names by id, with the table they are read from (users module). */
  listUserNames: ((ids: readonly number[]) => Promise<Map<number, { name: string; lastName: string }>>) & TablesRead;
  changes: TableChanges;
}

/** Minutes to wait after the first and the second failed try; the third is the last. */
const RETRY_DELAYS_MINUTES = [1, 5];
const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/** Entries read per query while the log is exported. */
const EXPORT_BATCH = 500;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** E-mails to a company's contacts, each one written to the e-mail log with the provider's answer. */
export function createEmailService(db: Db, deps: Deps) {
  // Pages as stored JSON (a row shows its company's name), by page, size and company.
  const pages = createBuiltJsonCache(deps.changes, {
    name: 'email-log-pages',
    tables: [emailLog, ...deps.listBusinessNames.tables, ...deps.listUserNames.tables],
    schema: EmailLogPageSchema,
    maxEntries: 50,
  });

  /** Log entries with their company's and sender's names (a company or sender deleted since: none). */
  async function named(entries: EmailLogEntry[]): Promise<EmailLogRow[]> {
    const ids = (pick: (entry: EmailLogEntry) => number | null) =>
      entries.flatMap((entry) => (pick(entry) === null ? [] : [pick(entry) as number]));
    const [businessNames, senderNames] = await Promise.all([
      deps.listBusinessNames(ids((entry) => entry.businessId)),
      deps.listUserNames(ids((entry) => entry.sentBy)),
    ]);
    return entries.map((entry) => {
      const businessName = entry.businessId === null ? undefined : businessNames.get(entry.businessId);
      const sender = entry.sentBy === null ? undefined : senderNames.get(entry.sentBy);
      return {
        ...entry,
        business: entry.businessId !== null && businessName ? { id: entry.businessId, name: businessName } : null,
        sender:
          entry.sentBy !== null && sender
            ? { id: entry.sentBy, name: `${sender.name} ${sender.lastName}`.trim() }
            : null,
      };
    });
  }

  /** One try at the mail server: its answer, or the error it gave. */
  async function deliver(message: MailMessage): Promise<{ ok: boolean; providerResponse: string }> {
    try {
      const sent = await deps.mailer.send(message);
      return { ok: true, providerResponse: `${sent.response} (id ${sent.messageId})` };
    } catch (error) {
      return { ok: false, providerResponse: error instanceof Error ? error.message : String(error) };
    }
  }

  const messageOf = (
    input: Pick<AutomaticInput, 'emails' | 'subject' | 'content' | 'html' | 'attachments'>,
    replyTo?: string,
  ): MailMessage => ({
    to: input.emails,
    subject: input.subject,
    text: input.content,
    html: input.html ?? `<div style="white-space: pre-wrap">${escapeHtml(input.content)}</div>`,
    replyTo,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  });

  const retryAt = (from: Date, attempt: number) =>
    new Date(from.getTime() + (RETRY_DELAYS_MINUTES[attempt - 1] ?? 0) * 60_000);

  /**
   * Sends, then writes the attempt to the e-mail log whatever happened; a failed send is tried
   * again later by the scheduler (retryDue), and its entry then shows the final outcome. A mail with
   * attachments is not: the log keeps no file, and a retry would go without it, so its sender (which
   * can make the file again) tries again itself.
   */
  async function sendAndLog(
    input: AutomaticInput,
    sentBy: number | null,
    replyTo?: string,
  ): Promise<{ row: EmailLogRow; delivery: EmailDelivery }> {
    const outcome = await deliver(messageOf(input, replyTo));
    if (!outcome.ok) {
      deps.log.warn({ businessId: input.businessId, error: outcome.providerResponse }, 'e-mail send failed');
    }
    const id = await emailRepository.insert(db, {
      businessId: input.businessId ?? null,
      subject: input.subject,
      emails: input.emails.join(','),
      content: input.content,
      ...outcome,
      sentBy,
    });
    if (!outcome.ok && !input.attachments?.length)
      await emailRepository.scheduleRetry(db, {
        emailLogId: id,
        attempts: 1,
        nextAttemptAt: retryAt(new Date(), 1),
        replyTo: replyTo ?? null,
      });
    const entry = await emailRepository.findById(db, id);
    if (!entry) throw new Error('logged e-mail vanished');
    const [row] = await named([entry]);
    if (!row) throw new Error('logged e-mail vanished');
    return { row, delivery: deliveryOf(row) };
  }

  return {
    /**
     * Sends (replies go to the sender), then logs the attempt with its sender whatever happened:
     * `ok` false keeps a failed send findable; `delivery` says whether it really left ('sent') or
     * was only kept ('outbox').
     */
    async send(actor: AuthUser, input: SendInput): Promise<{ row: EmailLogRow; delivery: EmailDelivery }> {
      if (input.businessId) await deps.assertBusinessExists(input.businessId);
      return sendAndLog(input, actor.id, await deps.findUserEmail(actor.id));
    },

    /**
     * A mail the app sends by itself (the scheduler's): logged like any other, without a sender.
     * Its own `html` (the morning digest's) goes out on the first try; the log keeps the text, so a
     * retry sends the text as HTML. With attachments a failed send is not retried here (see sendAndLog).
     */
    sendAutomatic(input: AutomaticInput): Promise<{ row: EmailLogRow; delivery: EmailDelivery }> {
      return sendAndLog(input, null);
    },

    /** Tries again the failed sends due at `now` (the scheduler's job), until MAX_ATTEMPTS tries. */
    async retryDue(now: Date): Promise<void> {
      for (const retry of await emailRepository.claimRetriesDue(db, now)) {
        const row = await emailRepository.findById(db, retry.emailLogId);
        if (!row) continue;
        const attempt = retry.attempts + 1;
        const message = { emails: row.emails.split(','), subject: row.subject, content: row.content };
        const outcome = await deliver(messageOf(message, retry.replyTo ?? undefined));
        if (!outcome.ok) {
          deps.log.warn({ emailLogId: row.id, attempt, error: outcome.providerResponse }, 'e-mail retry failed');
          if (attempt < MAX_ATTEMPTS)
            await emailRepository.scheduleRetry(db, {
              emailLogId: row.id,
              attempts: attempt,
              nextAttemptAt: retryAt(now, attempt),
              replyTo: retry.replyTo,
            });
        }
        await emailRepository.setOutcome(db, row.id, outcome);
      }
    },

    /** 'Buscar titular': a page of the log's entries the person's account sent or that name them. */
    aboutSubject: (match: SubjectMatch, page: SubjectPage, tx: DbOrTx = db) =>
      emailRepository.aboutSubject(tx, match, page),
    newestAboutSubject: (match: SubjectMatch, page: NewestPage, tx: DbOrTx = db) =>
      emailRepository.newestAboutSubject(tx, match, page),
    /**
     * A suppression's entries with the person's address, name and RUT masked, in the caller's
     * transaction; a failed mail to them is not tried again. Answers how many retries were dropped.
     */
    mask: (tx: DbOrTx, changes: { id: number; emails: string; subject: string; content: string }[]) =>
      emailRepository.mask(tx, changes),

    /** What became of logged e-mails (sent, only kept in the outbox, failed), by their log entry. */
    async deliveries(ids: number[]): Promise<Map<number, EmailDelivery>> {
      const rows = await emailRepository.outcomes(db, [...new Set(ids)]);
      return new Map(rows.map((row) => [row.id, deliveryOf(row)]));
    },

    /** Whether mail leaves the server and e-mailed links name a public address (owners' hints). */
    status() {
      return { ...deps.status };
    },

    /** GET /api/email: one page, newest first, with the total count for the pager. */
    pageBuilt(page: number, size: number, businessId?: number): Promise<BuiltJson> {
      return pages.get(`${page}:${size}:${businessId ?? ''}`, async () => {
        const result = await emailRepository.page(db, { limit: size, offset: (page - 1) * size, businessId });
        return { count: result.count, rows: (await named(result.rows)).map(presentEmail) };
      });
    },

    /**
     * 'Exportar a Excel' of the e-mail log (GET /api/email/export): every entry the page's filter
     * matches, newest first, read in batches while the workbook streams out.
     */
    exportSheet(businessId?: number): XlsxSheet {
      async function* entries(): AsyncGenerator<EmailLogRow> {
        let after: EmailLogCursor | undefined;
        for (;;) {
          const batch = await emailRepository.batchAfter(db, { limit: EXPORT_BATCH, businessId, after });
          for (const entry of await named(batch.map((item) => item.row))) yield entry;
          if (batch.length < EXPORT_BATCH) return;
          after = batch.at(-1)?.cursor;
        }
      }
      return emailLogSheet(entries());
    },
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
