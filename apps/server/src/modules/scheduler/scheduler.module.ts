import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type EmailRetriesDeps, emailRetriesJob } from './email-retries.job.ts';
import { type MorningDigestDeps, morningDigestJob } from './morning-digest.job.ts';
import { type NoteRemindersDeps, noteRemindersJob } from './note-reminders.job.ts';
import { type RequestAutoSendDeps, requestAutoSendJob } from './request-auto-send.job.ts';
import { type RequestRemindersDeps, requestRemindersJob } from './request-reminders.job.ts';
import { createScheduler, type ScheduledJob } from './scheduler.ts';
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
    /** Jobs other modules own (scheduled backups), run after these at each tick. */
    otherJobs?: ScheduledJob[];
  };

/** The background jobs (note reminders, the services' monthly e-mails, the morning digest, document requests' automatic sends and reminders, e-mail retries) on one timer; no routes. */
export function createSchedulerModule(deps: SchedulerModuleDeps) {
  const { db, log, now, intervalMs, otherJobs = [], ...jobDeps } = deps;
  const jobs = [
    noteRemindersJob(jobDeps),
    serviceNotificationsJob(db, jobDeps),
    morningDigestJob(db, jobDeps),
    requestAutoSendJob(jobDeps),
    requestRemindersJob(jobDeps),
    emailRetriesJob(jobDeps),
    ...otherJobs,
  ];
  return { scheduler: createScheduler({ log, now, intervalMs, jobs }) };
}
