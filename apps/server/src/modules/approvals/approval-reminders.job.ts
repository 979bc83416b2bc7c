import { approvalsMsg } from '@app/shared/messages-approvals';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { santiagoWallClock } from '../../lib/santiago-wall-clock.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import { approvalsRepository as repository } from './approvals.repository.ts';

/** Reminders go out between these times of day in Santiago; one due at night waits for the morning. */
const SEND_FROM_MINUTES = 9 * 60;
const SEND_UNTIL_MINUTES = 21 * 60;
const DAY_MS = 86_400_000;

export interface ApprovalRemindersDeps {
  log: Pick<FastifyBaseLogger, 'warn'>;
  appUrl: string;
  firmName(): Promise<string>;
  /** The company's client users (their e-mails). */
  listClientUsers(businessId: number): Promise<{ email: string }[]>;
  /** The e-mail module's send without a staff sender, written to the e-mail log. */
  sendAutomatic(input: {
    businessId: number;
    emails: string[];
    subject: string;
    content: string;
  }): Promise<{ id: number }>;
  /** The WhatsApp module's queue (only when configured and the company accepted); never throws. */
  notifyWhatsApp(notice: {
    kind: 'approval';
    businessId: number;
    approvalId: number;
    reminder: number;
    title: string;
    at: Date;
  }): Promise<unknown>;
}

/** Which reminder is due at `now` for a request made at `requestedAt` every `days` days (0: none yet). */
export function dueReminderNumber(requestedAt: Date, days: number, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - requestedAt.getTime()) / (days * DAY_MS)));
}

/**
 * Until a request is answered or cancelled, its client users get a reminder every `reminder_days`
 * days after the request (from 09:00 to 21:00 in Santiago). The reminder's number is claimed in the
 * database before the mail goes (a row keyed by approval and number), so two instances or two
 * ticks send it once; a reminder missed while the server was down is sent once, as the latest due,
 * not once per missed day. The e-mail goes through the e-mail log (sent, or kept in the outbox).
 */
export function approvalRemindersJob(db: Db, deps: ApprovalRemindersDeps) {
  async function run(now: Date): Promise<number> {
    const clock = santiagoWallClock(now);
    const minutes = Number(clock.hour) * 60 + Number(clock.minute);
    if (minutes < SEND_FROM_MINUTES || minutes >= SEND_UNTIL_MINUTES) return 0;
    let sent = 0;
    for (const approval of await repository.listPendingForReminders(db)) {
      const number = dueReminderNumber(approval.requestedAt, approval.reminderDays, now);
      if (number === 0 || number <= approval.lastNumber) continue;
      if (!(await repository.claimReminder(db, approval.id, number, now))) continue;
      await deps.notifyWhatsApp({
        kind: 'approval',
        businessId: approval.businessId,
        approvalId: approval.id,
        reminder: number,
        title: approval.title,
        at: now,
      });
      const emails = [...new Set((await deps.listClientUsers(approval.businessId)).map((user) => user.email))].filter(
        Boolean,
      );
      if (emails.length === 0) continue;
      try {
        const firm = await deps.firmName();
        const logged = await deps.sendAutomatic({
          businessId: approval.businessId,
          emails,
          subject: approvalsMsg.reminderSubject(firm, approval.title),
          content: approvalsMsg.mailBody({
            title: approval.title,
            message: approval.message,
            documentName: approval.documentName,
            link: `${deps.appUrl}/aprobaciones/${approval.id}`,
            reminder: true,
          }),
        });
        await repository.setReminderEmail(db, approval.id, number, logged.id);
        sent += 1;
      } catch (error) {
        deps.log.warn(
          { approvalId: approval.id, error: error instanceof Error ? error.message : String(error) },
          'approval reminder failed',
        );
      }
    }
    return sent;
  }

  const job: ScheduledJob = { name: 'approval-reminders', run: async (now) => void (await run(now)) };
  return { job, run };
}
