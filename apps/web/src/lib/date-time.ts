import { APP_TIME_ZONE } from '@app/shared/period';

/**
 * One formatter for the whole app: a board shows thousands of moments, and building the parts
 * with Intl directly costs a fraction of dayjs' timezone plugin.
 */
const santiago = new Intl.DateTimeFormat('en-GB', {
  timeZone: APP_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment (ISO instant) as the firm reads it: 'DD-MM-YYYY HH:mm' in America/Santiago (DESIGN.md §4). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part: Record<string, string> = {};
  for (const { type, value } of santiago.formatToParts(date)) part[type] = value;
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}`;
}

/** Who changed a board cell last and when: 'Javier P., 12-03-2026 10:41' (America/Santiago). */
export const lastChangeText = (change: { by: string; at: string }) => `${change.by}, ${formatDateTime(change.at)}`;
