import { createHmac } from 'node:crypto';
import { whatsappMsg } from '@app/shared/messages-whatsapp';
import { formatMoney } from '@app/shared/money';
import type {
  WhatsAppChannelStatus,
  WhatsAppContact,
  WhatsAppContactSaveSchema,
  WhatsAppKind,
  WhatsAppOutboxRow,
} from '@app/shared/schemas/whatsapp';
import { WHATSAPP_OUTBOX_SHOWN } from '@app/shared/schemas/whatsapp';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { conflict, notFound } from '../../lib/app-error.ts';
import { type ContactRow, type OutboxRow, whatsappRepository as repository } from './whatsapp.repository.ts';

/** The channel as configured (WHATSAPP_* variables). Off unless both the phone number's id and the token are set. */
export interface WhatsAppSettings {
  configured: boolean;
  apiUrl: string;
  apiVersion: string;
  phoneNumberId: string | null;
  token: string | null;
  language: string;
  /** The approved template of each kind of notice. */
  templates: Record<WhatsAppKind, string>;
}

/**
 * A notice to queue, about one thing and which of its notices this is (its unique key): the firm's
 * messages unread by the client (the newest of them), a document request 'before' or on its due
 * date, an approval's request (0) or reminder (1, 2…), an overdue charge's reminder step (days
 * after its due date). `at`: the caller's clock (a job's tick), the module's otherwise.
 */
export type WhatsAppNotice = { businessId: number; at?: Date } & (
  | { kind: 'message'; messageId: number; count: number }
  | { kind: 'request'; requestId: number; when: 'before' | 'due'; title: string; dueDate: string }
  | { kind: 'approval'; approvalId: number; reminder: number; title: string }
  | { kind: 'charge'; chargeId: number; step: number; description: string; open: number; dueDate: string }
);

/** What `notify` did: queued it, found it queued before, or nothing (not configured, no consent, an error logged). */
export type NotifyOutcome = 'queued' | 'already_queued' | 'not_configured' | 'not_opted_in' | 'failed';

export interface WhatsAppDeps {
  log: Pick<FastifyBaseLogger, 'warn'>;
  settings: WhatsAppSettings;
  /** APP_URL: the base of the links the notices carry. */
  appUrl: string;
  now?: () => Date;
  /** The companies module: a company (404 in Spanish when missing). */
  getBusiness(id: number): Promise<{ id: number; name: string }>;
  /** The companies module: names by id (a company deleted since: missing). */
  listBusinessNames(ids: readonly number[]): Promise<Map<number, string>>;
  /** The users module: a user's name, kept with the consent's change. */
  nameOf(userId: number): Promise<{ name: string; lastName: string }>;
}

type SaveInput = z.output<typeof WhatsAppContactSaveSchema>;

/** A template's body parameter: one line (WhatsApp refuses new lines, tabs and long runs of spaces), not too long. */
function param(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim() || '-';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

const chileanDate = (isoDate: string) => isoDate.slice(0, 10).split('-').reverse().join('-');

/**
 * The body parameters of each template, in order ({{1}}, {{2}}…): the company first, a link to the
 * portal last. Never a message's text: only that there is something to read.
 */
export function paramsOf(notice: WhatsAppNotice, company: string, appUrl: string): string[] {
  const base = appUrl.replace(/\/$/, '');
  switch (notice.kind) {
    case 'message':
      return [company, String(notice.count), `${base}/mensajes`].map(param);
    case 'request':
      return [company, notice.title, chileanDate(notice.dueDate), `${base}/`].map(param);
    case 'approval':
      return [company, notice.title, `${base}/aprobaciones/${notice.approvalId}`].map(param);
    case 'charge':
      return [company, notice.description, formatMoney(notice.open), chileanDate(notice.dueDate), `${base}/`].map(
        param,
      );
  }
}

/** The notice's unique key: what it is about and which of its notices it is. */
function keyOf(notice: WhatsAppNotice): { subjectId: number; number: number } {
  switch (notice.kind) {
    case 'message':
      return { subjectId: notice.messageId, number: 0 };
    case 'request':
      return { subjectId: notice.requestId, number: notice.when === 'before' ? 1 : 2 };
    case 'approval':
      return { subjectId: notice.approvalId, number: notice.reminder };
    case 'charge':
      return { subjectId: notice.chargeId, number: notice.step };
  }
}

/** The configured token's fingerprint: an HMAC made with the token (and the number's id), never the token. */
export const tokenFingerprint = (settings: WhatsAppSettings) =>
  createHmac('sha256', settings.token ?? '')
    .update(`whatsapp-channel:${settings.phoneNumberId ?? ''}`)
    .digest('hex')
    .slice(0, 32);

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentOutboxRow(row: OutboxRow, names: Map<number, string>): WhatsAppOutboxRow {
  const name = names.get(row.businessId);
  return {
    id: row.id,
    kind: row.kind,
    business: name === undefined ? null : { id: row.businessId, name },
    phone: row.phone,
    template: row.template,
    status: row.status,
    attempts: row.attempts,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    nextAttemptAt: row.status === 'pending' || row.status === 'retrying' ? iso(row.nextAttemptAt) : null,
    sentAt: iso(row.sentAt),
  };
}

/**
 * WhatsApp notices: each company's number and consent (staff record it, with who and when), the
 * queue other modules add to with `notify` (only when the channel is configured and the company
 * accepted), and the channel's state and newest rows for the owner.
 */
export function createWhatsAppService(db: Db, deps: WhatsAppDeps) {
  const now = deps.now ?? (() => new Date());
  const { settings } = deps;

  const presentContact = (businessId: number, row: ContactRow | undefined): WhatsAppContact => ({
    businessId,
    phone: row?.phone ?? null,
    optedIn: row?.optedIn ?? false,
    optInChangedAt: iso(row?.optInChangedAt ?? null),
    optInChangedBy: row?.optInChangedByName ?? null,
    configured: settings.configured,
  });

  async function presentRows(rows: OutboxRow[]): Promise<WhatsAppOutboxRow[]> {
    const names = await deps.listBusinessNames([...new Set(rows.map((row) => row.businessId))]);
    return rows.map((row) => presentOutboxRow(row, names));
  }

  return {
    async contact(businessId: number): Promise<WhatsAppContact> {
      await deps.getBusiness(businessId);
      return presentContact(businessId, await repository.contact(db, businessId));
    },

    /**
     * Saves the company's number and consent. A change of the consent keeps who and when; ending it
     * withdraws what was queued and not sent; a new number readdresses what is queued. Each change
     * is in the activity log, in the same transaction.
     */
    async saveContact(actor: ActivityActor, businessId: number, input: SaveInput): Promise<WhatsAppContact> {
      const company = await deps.getBusiness(businessId);
      const person = actor.userId === null ? null : await deps.nameOf(actor.userId).catch(() => null);
      const byName = person ? `${person.name} ${person.lastName}`.trim() : null;
      const at = now();
      const saved = await db.transaction(async (tx) => {
        const before = await repository.lockContact(tx, businessId);
        const was = { phone: before?.phone ?? null, optedIn: before?.optedIn ?? false };
        const consentChanged = was.optedIn !== input.optedIn;
        if (!consentChanged && was.phone === input.phone) return before;
        const row = await repository.saveContact(tx, {
          businessId,
          phone: input.phone,
          optedIn: input.optedIn,
          updatedAt: at,
          ...(consentChanged ? { optInChangedAt: at, optInChangedBy: actor.userId, optInChangedByName: byName } : {}),
        });
        if (!input.optedIn) await repository.withdrawWaiting(tx, businessId, whatsappMsg.reasonOptedOut);
        else if (input.phone !== null && input.phone !== was.phone)
          await repository.readdressWaiting(tx, businessId, input.phone);
        await recordActivity(tx, actor, {
          kind: 'whatsapp',
          action: consentChanged ? (input.optedIn ? 'enabled' : 'disabled') : 'updated',
          recordId: businessId,
          recordLabel: company.name,
          businessId,
          details: { before: was, after: { phone: input.phone, optedIn: input.optedIn } },
        });
        return row;
      });
      return presentContact(businessId, saved);
    },

    /**
     * Queues a notice for the company's WhatsApp, once per key; nothing when the channel is not
     * configured or the company has not accepted (or has no number). Never throws: the caller's own
     * work (an e-mail, a request) goes on whatever happens here.
     */
    async notify(notice: WhatsAppNotice): Promise<NotifyOutcome> {
      if (!settings.configured) return 'not_configured';
      try {
        const contact = await repository.contact(db, notice.businessId);
        if (!contact?.optedIn || !contact.phone) return 'not_opted_in';
        const company = await deps.getBusiness(notice.businessId);
        const at = notice.at ?? now();
        const queued = await repository.enqueue(db, {
          kind: notice.kind,
          ...keyOf(notice),
          businessId: notice.businessId,
          phone: contact.phone,
          template: settings.templates[notice.kind],
          language: settings.language,
          params: paramsOf(notice, company.name, deps.appUrl),
          createdAt: at,
          queuedAt: at,
          nextAttemptAt: at,
        });
        return queued ? 'queued' : 'already_queued';
      } catch (error) {
        deps.log.warn(
          {
            businessId: notice.businessId,
            kind: notice.kind,
            error: error instanceof Error ? error.message : String(error),
          },
          'whatsapp notice not queued',
        );
        return 'failed';
      }
    },

    /** The channel for the owner: configured or not (never the token), the templates, and the newest rows. */
    async status(): Promise<WhatsAppChannelStatus> {
      const [channel, rows] = await Promise.all([repository.channel(db), repository.newest(db, WHATSAPP_OUTBOX_SHOWN)]);
      const refused =
        settings.configured && channel?.refusedFingerprint === tokenFingerprint(settings) && channel.refusedAt
          ? { since: channel.refusedAt.toISOString(), reason: channel.refusedReason ?? '' }
          : null;
      return {
        configured: settings.configured,
        apiVersion: settings.apiVersion,
        phoneNumberId: settings.phoneNumberId,
        language: settings.language,
        templates: { ...settings.templates },
        attention: refused,
        outbox: await presentRows(rows),
      };
    },

    /** 'Reintentar': a failed row queued again to the company's current number (409 unless failed and still accepted). */
    async retry(id: number): Promise<WhatsAppOutboxRow> {
      if (!settings.configured) throw conflict(whatsappMsg.notConfigured);
      const row = await repository.byId(db, id);
      if (!row) throw notFound(whatsappMsg.outboxNotFound);
      if (row.status !== 'failed') throw conflict(whatsappMsg.onlyFailedRetry);
      const contact = await repository.contact(db, row.businessId);
      if (!contact?.optedIn || !contact.phone) throw conflict(whatsappMsg.retryNotOptedIn);
      const queued = await repository.requeueFailed(db, id, contact.phone, now());
      if (!queued) throw conflict(whatsappMsg.onlyFailedRetry);
      const [presented] = await presentRows([queued]);
      return presented as WhatsAppOutboxRow;
    },
  };
}

export type WhatsAppService = ReturnType<typeof createWhatsAppService>;
