import type { ScheduledJob } from './scheduler.ts';

export interface EmailRetriesDeps {
  /** The e-mail module's second and third tries of the failed sends due by then. */
  retryFailedEmails(now: Date): Promise<void>;
}

/** Failed e-mails are tried again with backoff on the scheduler's ticks, never in a sleeping request. */
export function emailRetriesJob(deps: EmailRetriesDeps): ScheduledJob {
  return { name: 'email-retries', run: (now) => deps.retryFailedEmails(now) };
}
