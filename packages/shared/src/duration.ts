/**
 * A duration as people type it in 'Registro de tiempo': hours, a colon and two digits of minutes
 * ('1:30', '0:45', '12:05'). Decimal hours ('1,5') and bare minutes ('90') are refused: the same
 * text read two ways would log the wrong time. From 0:01 to 24:00.
 */
export const DURATION_PATTERN = /^(\d{1,2}):([0-5]\d)$/;
export const DURATION_MAX_MINUTES = 24 * 60;

export type DurationResult = { success: true; minutes: number } | { success: false; error: 'format' | 'range' };

/** Minutes of an 'h:mm' text, or why it is refused. */
export function parseDuration(input: string): DurationResult {
  const match = DURATION_PATTERN.exec(input.trim());
  if (!match) return { success: false, error: 'format' };
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes < 1 || minutes > DURATION_MAX_MINUTES) return { success: false, error: 'range' };
  return { success: true, minutes };
}

/** Minutes as 'h:mm' (90 → '1:30'); what the grid, the export and the forms show. */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Seconds as 'h:mm:ss', the running timer's display. */
export function formatElapsed(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = whole % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** The seven dates of the week starting on this Monday ('YYYY-MM-DD'). */
export function weekDates(monday: string): string[] {
  const start = new Date(`${monday}T00:00:00Z`);
  return Array.from({ length: 7 }, (_, day) => {
    const date = new Date(start);
    date.setUTCDate(start.getUTCDate() + day);
    return date.toISOString().slice(0, 10);
  });
}

/** The Monday of the week a date falls in. */
export function mondayOf(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  const back = (date.getUTCDay() + 6) % 7;
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
}

/** A date moved by whole days. */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
