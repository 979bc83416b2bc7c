import type { Calendar, CalendarEvent } from '@app/shared/schemas/calendar';
import type { GoogleEventItem } from '../../lib/google-calendar.ts';
import type { GoogleCalendarRow } from './calendar.repository.ts';

export const presentCalendar = (row: GoogleCalendarRow): Calendar => ({
  id: row.id,
  name: row.name,
  isActive: row.isActive,
});

/** A Google event as the calendar shows it; null for a cancelled or dateless one. */
export function presentEvent(calendarId: number, item: GoogleEventItem): CalendarEvent | null {
  const start = item.start?.dateTime ?? item.start?.date;
  const end = item.end?.dateTime ?? item.end?.date ?? start;
  if (!start || !end || item.status === 'cancelled') return null;
  return {
    id: `${calendarId}:${item.id}`,
    calendarId,
    title: item.summary ?? '(sin título)',
    start,
    end,
    allDay: !item.start?.dateTime,
  };
}
