import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR } from '../../lib/activity-actor.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import type { PaymentsService } from './payments.service.ts';
import type { RemindersService } from './reminders.service.ts';

/** How often companies' credit is applied to charges generated since (besides the first tick at start-up). */
export const CREDIT_EVERY_MS = 5 * 60_000;
/** How often reminders due are looked for. */
export const REMINDERS_EVERY_MS = 10 * 60_000;

/**
 * The safety net of credit: a charge generated or converted from UF is paid from its company's
 * credit in its own transaction; whatever is left over (a charge that became convertible while
 * another conversion held the companies) is applied here within minutes: every company holding
 * credit and an open charge is settled in one transaction, logged as 'Aplicó Pago'.
 */
export function creditJob(payments: PaymentsService, log: Pick<FastifyBaseLogger, 'info'>): ScheduledJob {
  return {
    name: 'billing-credit',
    everyMs: CREDIT_EVERY_MS,
    async run() {
      const applied = await payments.settleEveryCompany(SYSTEM_ACTOR);
      if (applied > 0) log.info({ applied }, 'billing credit applied to open charges');
    },
  };
}

/** Payment reminders (reminders.service.ts), after the credit job so a charge paid from credit is not reminded. */
export function remindersJob(reminders: RemindersService, log: Pick<FastifyBaseLogger, 'info'>): ScheduledJob {
  return {
    name: 'billing-reminders',
    everyMs: REMINDERS_EVERY_MS,
    async run(now) {
      const sent = await reminders.run(now);
      if (sent > 0) log.info({ sent }, 'billing reminders sent');
    },
  };
}
