import { requestsMsg } from '@app/shared/messages-requests';
import { santiagoDate } from '@app/shared/period';
import { splitContacts } from '@app/shared/schemas/businesses';
import { santiagoClock } from './santiago-clock.ts';
import type { ScheduledJob } from './scheduler.ts';

/** The time of day (America/Santiago) the reminders go out. */
const SEND_FROM_MINUTES = 9 * 60;
/** The 'before' reminder goes from this many days before the due date. */
const DAYS_BEFORE = 3;

export interface RequestRemindersDeps {
  /** The requests module's reads and claims of reminders. */
  listReminderCandidates(
    today: string,
    lastDay: string,
  ): Promise<{ id: number; title: string; dueDate: string; createdAt: Date; businessId: number }[]>;
  listMissingItems(requestIds: number[]): Promise<{ requestId: number; name: string }[]>;
  claimReminder(claim: { requestId: number; kind: 'before' | 'due'; claimedAt: Date }): Promise<boolean>;
  /** These companies' names and contacts (companies module). */
  listBusinessesByIds(ids: number[]): Promise<{ id: number; name: string; contact: string }[]>;
  /** The e-mail module's send without a staff sender, written to the e-mail log. */
  sendEmail(input: { emails: string[]; subject: string; content: string; businessId: number }): Promise<unknown>;
  /** The public address the mail's link starts with (APP_URL). */
  appUrl: string;
  /** The WhatsApp module's queue (only when configured and the company accepted); never throws. */
  notifyWhatsApp(notice: {
    kind: 'request';
    businessId: number;
    requestId: number;
    when: 'before' | 'due';
    title: string;
    dueDate: string;
    at: Date;
  }): Promise<unknown>;
}

const addDays = (isoDate: string, days: number) => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const chileanDate = (isoDate: string) => isoDate.split('-').reverse().join('-');

/**
 * From 09:00 in Santiago, a request with documents still missing reminds the company's contacts of
 * them: 'before' from 3 days before its due date to the day before, 'due' on the due date. A claim
 * row per request and kind is written before the mail, so a later tick, a restart or another
 * instance sends nothing twice; a company without contacts is claimed without a mail. A request
 * created that same day waits for the next (its creation mail just listed the same documents).
 * Each claimed reminder is also queued for the company's WhatsApp (when it accepted them).
 */
export function requestRemindersJob(deps: RequestRemindersDeps): ScheduledJob {
  return {
    name: 'request-reminders',
    async run(now) {
      if (santiagoClock(now).minutes < SEND_FROM_MINUTES) return;
      const today = santiagoDate(now);
      const candidates = (await deps.listReminderCandidates(today, addDays(today, DAYS_BEFORE))).filter(
        (request) => santiagoDate(request.createdAt) < today,
      );
      if (candidates.length === 0) return;

      const [missingItems, companies] = await Promise.all([
        deps.listMissingItems(candidates.map((request) => request.id)),
        deps.listBusinessesByIds([...new Set(candidates.map((request) => request.businessId))]),
      ]);
      const missing = new Map<number, string[]>();
      for (const item of missingItems) {
        missing.set(item.requestId, [...(missing.get(item.requestId) ?? []), item.name]);
      }
      const companyById = new Map(companies.map((company) => [company.id, company]));

      for (const request of candidates) {
        const items = missing.get(request.id);
        const company = companyById.get(request.businessId);
        if (!items || !company) continue; // received or sent in the meantime
        const kind = request.dueDate === today ? 'due' : 'before';
        if (!(await deps.claimReminder({ requestId: request.id, kind, claimedAt: now }))) continue;
        await deps.notifyWhatsApp({
          kind: 'request',
          businessId: request.businessId,
          requestId: request.id,
          when: kind,
          title: request.title,
          dueDate: request.dueDate,
          at: now,
        });
        const emails = splitContacts(company.contact);
        if (emails.length === 0) continue;
        const due = chileanDate(request.dueDate);
        await deps.sendEmail({
          emails,
          subject:
            kind === 'due'
              ? requestsMsg.reminderDueSubject(company.name)
              : requestsMsg.reminderSubject(company.name, due),
          content: requestsMsg.reminderBody(request.title, due, items, `${deps.appUrl}/`),
          businessId: request.businessId,
        });
      }
    },
  };
}
