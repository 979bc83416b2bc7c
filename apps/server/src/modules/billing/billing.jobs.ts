import { addDays } from '@app/shared/billing';
import { santiagoDate } from '@app/shared/current-period';
import type { FastifyBaseLogger } from 'fastify';
import { SYSTEM_ACTOR } from '../../lib/activity-actor.ts';
import type { ScheduledJob } from '../scheduler/scheduler.ts';
import type { ChargeGeneration } from './charge-generation.ts';
import type { UfProvider } from './uf-source.ts';
import type { UfValuesService } from './uf-values.service.ts';

/** How often the month's charges are looked for (besides the first tick at start-up). */
export const CHARGE_GENERATION_EVERY_MS = 30 * 60_000;
/** How often the UF source is asked for the days still missing. */
export const UF_FETCH_EVERY_MS = 60 * 60_000;
/** Most days asked of the UF source in one run. */
const UF_FETCH_MAX_DAYS = 40;

/**
 * On each company's billing day (Santiago) its charge of the month is generated, and its extra
 * charges of the month with it; a day missed (the server was down) is caught up at the next run.
 * The unique generation keys make every instance's run create each charge once. Charges that were
 * waiting for a UF value now stored are converted.
 */
export function chargeGenerationJob(generation: ChargeGeneration, log: Pick<FastifyBaseLogger, 'info'>): ScheduledJob {
  return {
    name: 'billing-charges',
    everyMs: CHARGE_GENERATION_EVERY_MS,
    async run(now) {
      const today = santiagoDate(now);
      const period = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
      const result = await generation.generate(period, SYSTEM_ACTOR, { upToDay: Number(today.slice(8, 10)) });
      const converted = await generation.convertWaiting(SYSTEM_ACTOR);
      if (result.created + result.converted + converted > 0) {
        log.info(
          { created: result.created, waitingUf: result.waitingUf, converted: result.converted + converted },
          'billing charges generated',
        );
      }
    },
  };
}

/**
 * With UF_SOURCE_URL: asks the source for today's UF value and the days charges wait for (up to
 * 40 days), only those not stored yet, so a day is fetched once. A failure is logged and tried at
 * the next run.
 */
export function ufFetchJob(
  provider: UfProvider,
  uf: UfValuesService,
  missingDates: (today: string) => Promise<string[]>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): ScheduledJob {
  return {
    name: 'uf-fetch',
    everyMs: UF_FETCH_EVERY_MS,
    async run(now) {
      const today = santiagoDate(now);
      const wanted = [...new Set([today, ...(await missingDates(addDays(today, 31)))])]
        .sort()
        .slice(0, UF_FETCH_MAX_DAYS);
      const stored = await uf.storedOn(wanted);
      const values: { date: string; value: number }[] = [];
      for (const date of wanted.filter((day) => !stored.has(day))) {
        try {
          const value = await provider.valueOn(date);
          if (value !== null) values.push({ date, value });
        } catch (error) {
          log.warn({ date, error: error instanceof Error ? error.message : String(error) }, 'UF fetch postponed');
          break;
        }
      }
      if (values.length > 0) await uf.write(values, 'fetch', SYSTEM_ACTOR);
    },
  };
}
