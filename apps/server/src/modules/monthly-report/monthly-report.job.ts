import type { ActivityAction } from '@app/shared/activity';
import { reportMsg } from '@app/shared/messages-report';
import type { Period } from '@app/shared/period';
import { splitContacts } from '@app/shared/schemas/businesses';
import type { EmailDelivery } from '@app/shared/schemas/email';
import type { FastifyBaseLogger } from 'fastify';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db } from '../../db/client.ts';
import { SYSTEM_ACTOR } from '../../lib/activity-actor.ts';
import type { MailAttachment } from '../../lib/mailer.ts';
import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { monthlyReportRepository } from './monthly-report.repository.ts';
import type { MonthlyReportService } from './monthly-report.service.ts';

/** The time of day (America/Santiago) the monthly reports go out from. */
export const REPORT_MAIL_FROM_MINUTES = 9 * 60;
/** Reports made and sent per run: the scheduler's other jobs wait while a run lasts. */
export const REPORT_MAIL_BATCH = 40;
/** How long a failed send waits before it is tried again. */
export const REPORT_RETRY_WAIT_MS = 30 * 60_000;

export interface ReportMailDeps {
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
  /** The day of the month the reports go out (null: never), from the firm's settings (firm module). */
  reportDay(): Promise<number | null>;
  /** Companies whose contract covers the period, with their contacts (companies module). */
  listActiveBusinesses(period: Period): Promise<{ id: number; name: string; contact: string }[]>;
  /** Their client users' addresses (users module). */
  clientEmailsOf(businessIds: readonly number[]): Promise<Map<number, string[]>>;
  /** The e-mail module's send without a staff sender, written to the e-mail log: its entry and how it went. */
  sendEmail(input: {
    emails: string[];
    subject: string;
    content: string;
    businessId: number;
    attachments: MailAttachment[];
  }): Promise<{ row: { id: number }; delivery: EmailDelivery }>;
}

/** The calendar month before the one `now` falls in, in Santiago: the period a run on day N reports. */
export function reportedPeriod(now: Date): Period {
  const clock = santiagoWallClock(now);
  const index = Number(clock.year) * 12 + Number(clock.month) - 2;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** A company's recipients: its contact addresses and its client users', each once (whatever its case). */
export function reportRecipients(contact: string, clientEmails: readonly string[]): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const email of [...splitContacts(contact), ...clientEmails]) {
    const key = email.trim().toLowerCase();
    if (!key || seen.has(key)) continue;
    seen.add(key);
    list.push(email.trim());
  }
  return list;
}

const ACTIONS: Record<EmailDelivery, ActivityAction> = {
  sent: 'emailed',
  outbox: 'kept_in_outbox',
  failed: 'email_failed',
};
const OUTCOME_TEXTS: Record<EmailDelivery, string> = {
  sent: 'Enviado',
  outbox: 'En bandeja local (el correo no está configurado)',
  failed: 'Falló',
};

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * 'Enviar el informe mensual el día N': from 09:00 on day N of each month (and on the days after,
 * within the month, for what is left), the previous month's report of every company active that
 * month goes to its contacts and its client users, with the PDF attached. Each company and period is
 * claimed by inserting its row before the mail, so any number of instances send it once; a company
 * without any address is left unclaimed (it goes out once it has one). The outcome kept and written
 * to the activity log is the e-mail's: 'outbox' when mail is not configured, never 'sent' for what
 * only reached the outbox. A failed send is tried again after half an hour, three tries in all.
 */
export function createReportMailer(db: Db, reports: MonthlyReportService, deps: ReportMailDeps) {
  async function send(business: { id: number; name: string }, emails: string[], period: Period) {
    try {
      const data = await reports.gather(business.id, period, true);
      const pdf = await bytesOf(await reports.pdf(data));
      const sent = await deps.sendEmail({
        emails,
        subject: reportMsg.emailSubject(business.name, period),
        content: reportMsg.emailBody(business.name, period, data.firm.name || 'Estudio Contable'),
        businessId: business.id,
        attachments: [
          { filename: reportMsg.fileName(data.business.rut, period), content: pdf, contentType: 'application/pdf' },
        ],
      });
      await monthlyReportRepository.setOutcome(db, business.id, period, sent.delivery, sent.row.id);
      await recordActivity(db, SYSTEM_ACTOR, {
        kind: 'monthly_report',
        action: ACTIONS[sent.delivery],
        recordId: `${business.id}:${period.year}-${String(period.month).padStart(2, '0')}`,
        recordLabel: reports.label(period),
        businessId: business.id,
        details: { after: { emails: emails.join(', '), outcome: OUTCOME_TEXTS[sent.delivery] } },
      });
      return sent.delivery;
    } catch (error) {
      deps.log.warn(
        { businessId: business.id, error: error instanceof Error ? error.message : String(error) },
        'monthly report e-mail failed',
      );
      await monthlyReportRepository.setOutcome(db, business.id, period, 'failed', null);
      return 'failed' as const;
    }
  }

  return {
    /** One run at `now`: answers how many reports it claimed and tried to send. */
    async run(now: Date): Promise<number> {
      const day = await deps.reportDay();
      if (day === null) return 0;
      const clock = santiagoWallClock(now);
      if (Number(clock.day) < day) return 0;
      if (Number(clock.hour) * 60 + Number(clock.minute) < REPORT_MAIL_FROM_MINUTES) return 0;
      const period = reportedPeriod(now);

      const active = await deps.listActiveBusinesses(period);
      const claimed = await monthlyReportRepository.claimedAmong(
        db,
        period,
        active.map((business) => business.id),
      );
      const open = active.filter((business) => !claimed.has(business.id));
      const clientEmails = await deps.clientEmailsOf(open.map((business) => business.id));
      const recipients = new Map<number, string[]>();
      for (const business of open) {
        const emails = reportRecipients(business.contact, clientEmails.get(business.id) ?? []);
        if (emails.length > 0) recipients.set(business.id, emails);
        if (recipients.size >= REPORT_MAIL_BATCH) break;
      }
      const byId = new Map(active.map((business) => [business.id, business]));
      const mine = await monthlyReportRepository.claim(db, period, [...recipients.keys()], now);
      let tried = 0;
      for (const id of mine) {
        const business = byId.get(id);
        const emails = recipients.get(id);
        if (!business || !emails) continue;
        await send(business, emails, period);
        tried += 1;
      }

      // Failed sends of the period, once their wait is over (each taken by one run only).
      const again = await monthlyReportRepository.claimFailed(
        db,
        period,
        now,
        REPORT_RETRY_WAIT_MS,
        Math.max(0, REPORT_MAIL_BATCH - tried),
      );
      if (again.length > 0) {
        const emailsAgain = await deps.clientEmailsOf(again);
        for (const id of again) {
          const business = byId.get(id);
          const emails = business ? reportRecipients(business.contact, emailsAgain.get(id) ?? []) : [];
          if (!business || emails.length === 0) {
            await monthlyReportRepository.setOutcome(db, id, period, 'failed', null);
            continue;
          }
          await send(business, emails, period);
          tried += 1;
        }
      }
      return tried;
    },
  };
}

/** The scheduler's job: every minute, a batch at a time (so 2,000 companies go out within the hour). */
export function monthlyReportJob(
  mailer: ReturnType<typeof createReportMailer>,
  log: Pick<FastifyBaseLogger, 'info'>,
): ScheduledJob {
  return {
    name: 'monthly-report-mail',
    async run(now) {
      const tried = await mailer.run(now);
      if (tried > 0) log.info({ tried }, 'monthly reports e-mailed');
    },
  };
}
