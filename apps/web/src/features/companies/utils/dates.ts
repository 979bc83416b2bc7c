/**
 * Calendar dates ('YYYY-MM-DD', no time zone) as the spec shows them: es-CL locale read in UTC,
 * so a date never moves a day whatever the browser's zone (spec 1 §2.8). '01-03-2024'.
 */
const esCl = new Intl.DateTimeFormat('es-CL', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' });

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? value : esCl.format(date);
}

/** Display format of the date inputs. */
export const DATE_INPUT_FORMAT = 'DD-MM-YYYY';

/** Reads what is typed in a date input ('31-12-2024', '31/12/2024' or '2024-12-31') as 'YYYY-MM-DD'. */
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
