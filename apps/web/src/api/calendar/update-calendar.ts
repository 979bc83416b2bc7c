import type { CalendarResponseSchema, MyCalendars } from '@app/shared/schemas/calendar';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { myCalendarsQueryKey } from './get-my-calendars';
import { calendarInvalidation } from './invalidation';

type CalendarResponse = z.infer<typeof CalendarResponseSchema>;

/** PUT /api/user/me/calendar/{id} (owners): shows or hides a calendar's events. */
export const updateCalendar = ({ id, isActive }: { id: number; isActive: boolean }) =>
  api<CalendarResponse>(`/user/me/calendar/${id}`, { method: 'PUT', body: { isActive } });

export function useUpdateCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCalendar,
    onSuccess: ({ calendar }) => {
      // The answer is the saved calendar: the list takes it as is, the events are fetched again.
      queryClient.setQueryData<MyCalendars>(myCalendarsQueryKey, (mine) =>
        mine ? { ...mine, calendars: mine.calendars.map((item) => (item.id === calendar.id ? calendar : item)) } : mine,
      );
      return applyCacheEffect(queryClient, calendarInvalidation.calendarSwitched());
    },
  });
}
