import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { type NoteRemindersDeps, noteRemindersJob } from './note-reminders.job.ts';
import { createScheduler } from './scheduler.ts';

export interface SchedulerModuleDeps extends NoteRemindersDeps {
  db: Db;
  log: Pick<FastifyBaseLogger, 'error'>;
  now?: () => Date;
}

/** The background jobs (note reminders) on one timer; no routes. */
export function createSchedulerModule(deps: SchedulerModuleDeps) {
  const { db, log, now, ...jobDeps } = deps;
  return { scheduler: createScheduler({ log, now, jobs: [noteRemindersJob(db, jobDeps)] }) };
}
