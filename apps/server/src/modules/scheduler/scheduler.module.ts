import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type NoteRemindersDeps, noteRemindersJob } from './note-reminders.job.ts';
import { createScheduler } from './scheduler.ts';
import { type ServiceNotificationsDeps, serviceNotificationsJob } from './service-notifications.job.ts';

export interface SchedulerModuleDeps extends NoteRemindersDeps, Omit<ServiceNotificationsDeps, 'sendEmail'> {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}

/** The background jobs (note reminders, the services' monthly e-mails) on one timer; no routes. */
export function createSchedulerModule(deps: SchedulerModuleDeps) {
  const { db, log, now, ...jobDeps } = deps;
  const jobs = [noteRemindersJob(db, jobDeps), serviceNotificationsJob(db, jobDeps)];
  return { scheduler: createScheduler({ log, now, jobs }) };
}
