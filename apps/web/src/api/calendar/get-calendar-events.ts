import type { EventsResponse } from '@app/shared/schemas/calendar';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../lib/api-client';
import { calendarQueryKey } from './get-my-calendars';

/** The visible range of the calendar, as FullCalendar gives it (ISO instants with the local offset). */
export interface EventsRange {
  timeMin: string;
  timeMax: string;
}

/** Every range of events: linking an account or switching a calendar refreshes them all. */
export const calendarEventsQueryKey = [...calendarQueryKey, 'events'] as const;

export const calendarEventsRangeQueryKey = ({ timeMin, timeMax }: EventsRange) =>
  [...calendarEventsQueryKey, timeMin, timeMax] as const;

/** GET /api/calendar/event?timeMin=&timeMax= (owners and collaborators with allowCalendarView). */
export const getCalendarEvents = ({ timeMin, timeMax }: EventsRange) =>
  api<EventsResponse>('/calendar/event', { params: { timeMin, timeMax } });

/**
 * 503 (Google not set up) and 502 (Google failing) are answered at once and not retried: the page
 * says so and offers 'Reintentar'; other failures follow the app's default.
 */
const retryEvents = (failureCount: number, error: Error) =>
  !(error instanceof ApiRequestError && error.status >= 400) && failureCount < 2;

export const calendarEventsQueryOptions = (range: EventsRange) =>
  queryOptions({
    queryKey: calendarEventsRangeQueryKey(range),
    queryFn: () => getCalendarEvents(range),
    retry: retryEvents,
  });

/**
 * The events of the visible range (idle until the calendar reports it). While another week loads
 * the previous week's events stay, so the grid does not flash empty.
 */
export const useCalendarEvents = (range: EventsRange | null) =>
  useQuery({
    ...calendarEventsQueryOptions(range ?? { timeMin: '', timeMax: '' }),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
