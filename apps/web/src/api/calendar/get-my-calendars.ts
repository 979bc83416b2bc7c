import type { MyCalendars } from '@app/shared/schemas/calendar';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every calendar query starts with this. */
export const calendarQueryKey = ['calendar'] as const;

/** The owner's linked Google account and its calendars. */
export const myCalendarsQueryKey = [...calendarQueryKey, 'mine'] as const;

/** GET /api/user/me/calendar (owners): whether Google is set up, the linked account and its calendars. */
export const getMyCalendars = () => api<MyCalendars>('/user/me/calendar');

export const myCalendarsQueryOptions = () => queryOptions({ queryKey: myCalendarsQueryKey, queryFn: getMyCalendars });

/** Only owners may ask (the 'calendar:manage' permission); for anyone else the query stays idle. */
export const useMyCalendars = (enabled: boolean) => useQuery({ ...myCalendarsQueryOptions(), enabled });
