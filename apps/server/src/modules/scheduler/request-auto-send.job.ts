import type { Period } from '@app/shared/period';
import { santiagoClock } from './santiago-clock.ts';
import type { ScheduledJob } from './scheduler.ts';

/** The time of day (America/Santiago) the templates go out by themselves. */
const SEND_FROM_MINUTES = 9 * 60;

export interface RequestAutoSendDeps {
  /** The requests module's reads and claims of the templates' automatic sends. */
  listTemplatesSentOn(day: number, lastDayOfMonth: boolean): Promise<{ id: number }[]>;
  templatesSentFor(templateIds: number[], period: Period): Promise<Set<number>>;
  claimTemplateSend(claim: { templateId: number; year: number; month: number; claimedAt: Date }): Promise<boolean>;
  releaseTemplateSend(claim: { templateId: number; year: number; month: number }): Promise<void>;
  /**
   * The requests module's 'Solicitar a todas' without a staff sender: a request of the template
   * to every company its service applies to in the period (those that have it are skipped), each
   * company e-mailed through the e-mail log.
   */
  sendRequestTemplate(templateId: number, period: Period): Promise<unknown>;
}

const previousMonth = ({ year, month }: Period): Period =>
  month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };

/**
 * On a template's send day (the month's last day when the month is shorter) from 09:00 in
 * Santiago, its requests for the previous month go out as 'Solicitar a todas' would send them. A
 * claim row per template and period decides who sends, so a later tick, a restart or another
 * instance sends nothing twice; a send that fails gives its claim back, and the next tick tries
 * again (the requests' own key keeps a company from getting the same request twice).
 */
export function requestAutoSendJob(deps: RequestAutoSendDeps): ScheduledJob {
  return {
    name: 'request-auto-send',
    async run(now) {
      const today = santiagoClock(now);
      if (today.minutes < SEND_FROM_MINUTES) return;
      const due = await deps.listTemplatesSentOn(today.day, today.day === today.daysInMonth);
      if (due.length === 0) return;
      const period = previousMonth({ year: today.year, month: today.month });
      const sent = await deps.templatesSentFor(
        due.map((template) => template.id),
        period,
      );

      const failures: unknown[] = [];
      for (const template of due) {
        if (sent.has(template.id)) continue;
        const claim = { templateId: template.id, ...period, claimedAt: now };
        if (!(await deps.claimTemplateSend(claim))) continue;
        try {
          await deps.sendRequestTemplate(template.id, period);
        } catch (error) {
          await deps.releaseTemplateSend(claim);
          failures.push(error);
        }
      }
      // The scheduler logs the job as failed; the other templates went out all the same.
      if (failures.length === 1) throw failures[0];
      if (failures.length > 1) throw new AggregateError(failures, 'request-auto-send: several templates failed');
    },
  };
}
