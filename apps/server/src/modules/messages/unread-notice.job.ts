import { messagesMsg } from '@app/shared/messages-messages';
import { NOTIFY_AFTER_MINUTES_DEFAULT } from '@app/shared/schemas/messages';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { type ClaimedNotice, messagesRepository as repository } from './messages.repository.ts';

interface Recipient {
  id: number;
  email: string;
}

export interface UnreadNoticeDeps {
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** APP_URL: the e-mailed link's base. */
  appUrl: string;
  /** The companies module: names and 'Encargado' of these companies. */
  listBusinessesByIds(ids: number[]): Promise<{ id: number; name: string; responsibleUserId: number | null }[]>;
  /** The users module: the firm's staff (the 'Encargado' when staff; the owners when the company has none). */
  listStaff(): Promise<{ id: number; email: string; role: string }[]>;
  /** The users module: the company's client users. */
  listClientUsers(businessId: number): Promise<Recipient[]>;
  /** The e-mail module's send without a staff sender, written to the e-mail log ('sent', or only kept in the outbox). */
  sendEmail(input: { emails: string[]; subject: string; content: string; businessId: number }): Promise<unknown>;
  /** The push module's send to a user's browsers; never throws. */
  sendPush(userId: number, message: { title: string; body: string; url: string }): Promise<number>;
  /**
   * The WhatsApp module's queue: the firm's messages unread by the client, keyed by the newest of
   * them (queued only when configured and the company accepted); never throws.
   */
  notifyWhatsApp(notice: {
    kind: 'message';
    businessId: number;
    messageId: number;
    count: number;
    at: Date;
  }): Promise<unknown>;
}

/**
 * The unread notice: a message of staff or a client still unread by the other side `notify_after`
 * minutes after it was written is e-mailed (and pushed to the browsers that allow it) once, to the
 * company's client users, or to its 'Encargado' (the owners when it has none), with a link back to
 * the thread and never the text. The claim marks every due message at once, so each is told once
 * on any number of instances; one mail per company and side, however many messages it covers.
 */
export function unreadNoticeJob(db: Db, deps: UnreadNoticeDeps): ScheduledJob {
  async function tell(
    businessId: number,
    side: 'staff' | 'client',
    messages: { count: number; newestId: number; at: Date },
    company: { name: string; responsibleUserId: number | null },
  ) {
    const { count } = messages;
    const toStaff = side === 'client';
    let recipients: Recipient[];
    if (toStaff) {
      const staff = await deps.listStaff();
      const responsible = staff.find((user) => user.id === company.responsibleUserId);
      recipients = responsible ? [responsible] : staff.filter((user) => user.role === 'owner');
    } else {
      recipients = await deps.listClientUsers(businessId);
    }
    if (recipients.length === 0) return;
    if (!toStaff)
      await deps.notifyWhatsApp({ kind: 'message', businessId, messageId: messages.newestId, count, at: messages.at });
    const path = toStaff ? `/mensajes/empresa/${businessId}` : '/mensajes';
    const link = `${deps.appUrl.replace(/\/$/, '')}${path}`;
    await deps.sendEmail({
      emails: recipients.map((user) => user.email),
      subject: toStaff ? messagesMsg.noticeSubject(company.name) : messagesMsg.noticeSubjectClient,
      content: toStaff ? messagesMsg.noticeBody(count, company.name, link) : messagesMsg.noticeBodyClient(count, link),
      businessId,
    });
    for (const user of recipients) {
      await deps.sendPush(user.id, {
        title: messagesMsg.pushTitle,
        body: messagesMsg.pushBody(count, toStaff ? company.name : messagesMsg.title),
        url: path,
      });
    }
  }

  return {
    name: 'message-unread-notice',
    async run(now) {
      const minutes = (await repository.settings(db))?.notifyAfterMinutes ?? NOTIFY_AFTER_MINUTES_DEFAULT;
      const claimed = await repository.claimNotices(db, now, new Date(now.getTime() - minutes * 60_000));
      const groups = new Map<
        string,
        { businessId: number; side: ClaimedNotice['side']; count: number; newestId: number }
      >();
      for (const notice of claimed) {
        if (!notice.notice) continue;
        const key = `${notice.businessId}:${notice.side}`;
        const group = groups.get(key) ?? { businessId: notice.businessId, side: notice.side, count: 0, newestId: 0 };
        group.count += 1;
        group.newestId = Math.max(group.newestId, notice.id);
        groups.set(key, group);
      }
      if (groups.size === 0) return;
      const companies = new Map(
        (await deps.listBusinessesByIds([...new Set([...groups.values()].map((group) => group.businessId))])).map(
          (company) => [company.id, company],
        ),
      );
      for (const group of groups.values()) {
        const company = companies.get(group.businessId);
        if (!company) continue;
        // One company's failure (a mail server down) does not stop the others' notices.
        const told = { count: group.count, newestId: group.newestId, at: now };
        await tell(group.businessId, group.side, told, company).catch((error: unknown) =>
          deps.log.warn({ businessId: group.businessId, err: error }, 'unread message notice failed'),
        );
      }
    },
  };
}
