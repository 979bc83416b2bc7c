import type { CalendarStatus } from '@app/shared/schemas/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { calendarQueryKey } from './get-my-calendars';

export const calendarStatusQueryKey = [...calendarQueryKey, 'status'] as const;

/** GET /api/calendar/status (owners and collaborators with allowCalendarView): whether Google is set up. */
export const getCalendarStatus = () => api<CalendarStatus>('/calendar/status');

/** The server's configuration does not change while it runs: asked once per session. */
export const calendarStatusQueryOptions = () =>
  queryOptions({ queryKey: calendarStatusQueryKey, queryFn: getCalendarStatus, staleTime: Number.POSITIVE_INFINITY });

export const useCalendarStatus = () => useQuery(calendarStatusQueryOptions());
