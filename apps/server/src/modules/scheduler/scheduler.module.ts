import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type EmailRetriesDeps, emailRetriesJob } from './email-retries.job.ts';
import { type MorningDigestDeps, morningDigestJob } from './morning-digest.job.ts';
import { type NoteRemindersDeps, noteRemindersJob } from './note-reminders.job.ts';
import { type RequestAutoSendDeps, requestAutoSendJob } from './request-auto-send.job.ts';
import { type RequestRemindersDeps, requestRemindersJob } from './request-reminders.job.ts';
import { createScheduler } from './scheduler.ts';
import { type ServiceNotificationsDeps, serviceNotificationsJob } from './service-notifications.job.ts';

// An intersection, not `extends`: two jobs ask the companies module for different fields of its rows.
export type SchedulerModuleDeps = NoteRemindersDeps &
  EmailRetriesDeps &
  Omit<ServiceNotificationsDeps, 'sendEmail'> &
  MorningDigestDeps &
  RequestAutoSendDeps &
  RequestRemindersDeps & {
    db: Db;
    log: Pick<FastifyBaseLogger, 'error'>;
    now?: () => Date;
    intervalMs?: number;
  };

/**
 * The one timer of background work: its own jobs (note reminders, the services' monthly e-mails, the
 * morning digest, document requests' automatic sends and reminders, e-mail retries) and the jobs the
 * other modules contribute (scheduled backups, the orphan-upload sweep), which app.ts hands it; no routes.
 */
export function createSchedulerModule(deps: SchedulerModuleDeps) {
  const { db, log, now, intervalMs, ...jobDeps } = deps;
  return {
    ...createScheduler({ log, now, intervalMs }),
    jobs: [
      noteRemindersJob(jobDeps),
      serviceNotificationsJob(db, jobDeps),
      morningDigestJob(db, jobDeps),
      requestAutoSendJob(jobDeps),
      requestRemindersJob(jobDeps),
      emailRetriesJob(jobDeps),
    ],
  };
}
