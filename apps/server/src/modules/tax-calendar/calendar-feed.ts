import { MONTH_KEYS, MONTH_NAMES } from '@app/shared/months';
import type { TaxObligation } from '@app/shared/schemas/tax-calendar';

/**
 * ical-generator loads on the first feed asked for, not at start-up: a feature a calendar app polls
 * now and then.
 */
let generator: Promise<typeof import('ical-generator')> | undefined;
const loadGenerator = () => {
  generator ??= import('ical-generator');
  return generator;
};

const FILING: Record<NonNullable<TaxObligation['filing']>, string> = {
  all: '',
  electronic: ' (en línea)',
  paper: ' (en papel)',
};

const nextDay = (iso: string) => {
  const day = new Date(`${iso}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day;
};

/**
 * The feed as iCalendar text (RFC 5545, written by ical-generator: CRLF lines, folding, escaping):
 * one all-day event per obligation and date, its summary the service and period, its description how
 * many companies are done, pending and late. Each event's UID stays the same across reads, so a
 * calendar app updates it instead of adding another.
 */
export async function calendarFeedText(obligations: readonly TaxObligation[], appName: string): Promise<string> {
  const { default: ical } = await loadGenerator();
  const calendar = ical({
    name: `${appName}: vencimientos`,
    prodId: { company: 'estudio-contable', product: 'calendario-tributario' },
  });
  for (const obligation of obligations) {
    const monthKey = MONTH_KEYS[obligation.month - 1];
    const period = `${monthKey ? MONTH_NAMES[monthKey] : obligation.month} ${obligation.year}`;
    const summary =
      obligation.kind === 'annual'
        ? obligation.name
        : `${obligation.name}${FILING[obligation.filing ?? 'all']}: ${period}`;
    const description =
      obligation.kind === 'annual'
        ? 'Fecha del calendario tributario anual (Calendario AT).'
        : `Período ${period}. Empresas: ${obligation.done} hechas, ${obligation.pending} pendientes, ${obligation.late} atrasadas.`;
    calendar.createEvent({
      id: `${obligation.kind}-${obligation.serviceId ?? obligation.key}-${obligation.year}-${obligation.month}-${obligation.filing ?? 'all'}@estudio-contable`,
      start: new Date(`${obligation.date}T00:00:00Z`),
      end: nextDay(obligation.date),
      allDay: true,
      summary,
      description,
    });
  }
  return calendar.toString();
}
