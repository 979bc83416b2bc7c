import { type Period, periodBounds } from '@app/shared/period';
import type { Db } from '../../db/client.ts';
import { santiagoClock } from './santiago-clock.ts';
import { schedulerRepository } from './scheduler.repository.ts';
import type { ScheduledJob } from './scheduler.ts';

/** The time of day (America/Santiago) the services' monthly e-mails go out. */
const SEND_FROM_MINUTES = 9 * 60;

export interface ServiceNotificationsDeps {
  /** The notifications of a day of the month; on its last day also those of the days it lacks (services module). */
  notificationsDueOn(
    day: number,
    lastDayOfMonth: boolean,
  ): Promise<{ id: number; serviceId: number; subject: string; message: string }[]>;
  /** Companies active in a period (companies module). */
  listActiveBusinesses(period: Period): Promise<{ id: number; contact: string }[]>;
  /** Active company-service links started by a day (business-services module). */
  listApplying(lastDay: string): Promise<{ businessId: number; serviceId: number }[]>;
  /** Services active in a month (services module). */
  listServicesForMonth(month: number): Promise<{ service: { id: number } }[]>;
  /** The e-mail module's send without a staff sender, written to the e-mail log. */
  sendEmail(input: { emails: string[]; subject: string; content: string; businessId: number }): Promise<unknown>;
}

/**
 * On a service notification's day (the month's last day when the month is shorter) from 09:00 in
 * Santiago, its subject and message go to the contacts of every company the service applies to
 * that month; a send row claims each company once per period, so a restart later that day or
 * another instance sends nothing twice.
 */
export function serviceNotificationsJob(db: Db, deps: ServiceNotificationsDeps): ScheduledJob {
  return {
    name: 'service-notifications',
    async run(now) {
      const today = santiagoClock(now);
      if (today.minutes < SEND_FROM_MINUTES) return;
      const due = await deps.notificationsDueOn(today.day, today.day === today.daysInMonth);
      if (due.length === 0) return;

      const period: Period = { year: today.year, month: today.month };
      const [active, applying, servicesOfMonth] = await Promise.all([
        deps.listActiveBusinesses(period),
        deps.listApplying(periodBounds(period).lastDay),
        deps.listServicesForMonth(period.month),
      ]);
      // Ticks after the day's sends only read: a company already sent to is not claimed again.
      const sent = await schedulerRepository.sentIn(
        db,
        due.map((notification) => notification.id),
        period,
      );
      const activeBusinesses = new Map(active.map((business) => [business.id, business]));
      const servicesActive = new Set(servicesOfMonth.map(({ service }) => service.id));

      for (const notification of due) {
        if (!servicesActive.has(notification.serviceId)) continue;
        for (const link of applying) {
          const business = link.serviceId === notification.serviceId && activeBusinesses.get(link.businessId);
          if (!business || sent.has(`${notification.id}:${business.id}`)) continue;
          const emails = business.contact
            .split(',')
            .map((address) => address.trim())
            .filter(Boolean);
          if (emails.length === 0) continue;
          const claim = { notificationId: notification.id, businessId: business.id, ...period, sentAt: now };
          if (!(await schedulerRepository.claimNotificationSend(db, claim))) continue;
          await deps.sendEmail({
            emails,
            subject: notification.subject,
            content: notification.message,
            businessId: business.id,
          });
        }
      }
    },
  };
}
