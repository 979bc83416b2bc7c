import { APP_TIME_ZONE, santiagoDate } from '@app/shared/period';
import dayjs from 'dayjs';

/** How the web shows a calendar date, and how its date inputs read one: '01-03-2024'. */
export const DATE_FORMAT = 'DD-MM-YYYY';

/** How the API sends and takes a calendar date (no time zone). */
export const API_DATE_FORMAT = 'YYYY-MM-DD';

/** How the period pickers show a month: 'marzo 2026'. */
export const MONTH_FORMAT = 'MMMM YYYY';

/**
 * Today as the API takes a calendar date: the day in America/Santiago, the firm's day, whatever
 * this browser's time zone (a computer set to UTC is already on tomorrow from 21:00 or 22:00).
 */
export const today = () => santiagoDate();

/**
 * A calendar date ('YYYY-MM-DD', or an instant whose date part is meant) as the firm reads it:
 * '01-03-2024'. Read without a time zone, so a date never moves a day whatever the browser's zone.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value.slice(0, 10));
  return date.isValid() ? date.format(DATE_FORMAT) : value;
}

/**
 * Reads what is typed in a date input ('31-12-2024', '31/12/2024' or '2024-12-31') as 'YYYY-MM-DD';
 * null for a date that does not exist ('31-02-2026'). By hand: dayjs' strict parsing would need one
 * format per separator and digit count, and its loose parsing rolls 31-02 over into March.
 */
export function parseTypedDate(text: string): string | null {
  const value = text.trim();
  let match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(value);
  let parts: [string, string, string] | null = match ? [match[3] ?? '', match[2] ?? '', match[1] ?? ''] : null;
  if (!parts) {
    match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
    parts = match ? [match[1] ?? '', match[2] ?? '', match[3] ?? ''] : null;
  }
  if (!parts) return null;
  const [year, month, day] = parts.map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A board shows thousands of moments: building the parts with Intl directly costs a fraction of
 * dayjs' timezone plugin, so moments are formatted by this one Intl formatter.
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

/** A moment (ISO instant) as the firm reads it: 'DD-MM-YYYY HH:mm' in America/Santiago. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part: Record<string, string> = {};
  for (const { type, value } of santiago.formatToParts(date)) part[type] = value;
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}`;
}

/** Who changed a board cell last and when: 'Javier P., 12-03-2026 10:41' (America/Santiago). */
export const lastChangeText = (change: { by: string; at: string }) => `${change.by}, ${formatDateTime(change.at)}`;

/**
 * The accessible name of a date picker drawn as a button: what it is, then the date it shows (or
 * its placeholder), so that the name holds the text on screen ('Fecha inicio Ferretería: 01-03-2024')
 * and a voice user can say what they see.
 */
export const datePickerName = (label: string, value: string | null | undefined, placeholder: string) =>
  `${label}: ${formatDate(value) || placeholder}`;
