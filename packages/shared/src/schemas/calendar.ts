import { idParams, plainText } from '../fields.ts';
import { calendarMsg } from '../messages-calendar.ts';
import { z } from '../zod-setup.ts';

/** POST /api/auth/google-cloud: the code and state Google sent back to /calendario. */
export const GoogleLinkSchema = z.object({
  code: plainText(calendarMsg.invalidCode).min(1, calendarMsg.invalidCode).max(2048, calendarMsg.invalidCode),
  state: plainText(calendarMsg.invalidState).min(1, calendarMsg.invalidState).max(2048, calendarMsg.invalidState),
});
export const GoogleAuthUrlSchema = z.object({ authUrl: z.string() });

/** GET /api/calendar/status (owners and collaborators with allowCalendarView): whether Google is set up. */
export const CalendarStatusSchema = z.object({ configured: z.boolean() });
export type CalendarStatus = z.infer<typeof CalendarStatusSchema>;

export const CalendarSchema = z.object({ id: z.number().int(), name: z.string(), isActive: z.boolean() });
export type Calendar = z.infer<typeof CalendarSchema>;

/** GET /api/user/me/calendar: whether the integration is set up, the linked account and its calendars. */
export const MyCalendarsSchema = z.object({
  configured: z.boolean(),
  account: z.object({ email: z.string(), relinkNeeded: z.boolean() }).nullable(),
  calendars: z.array(CalendarSchema),
});
export type MyCalendars = z.infer<typeof MyCalendarsSchema>;

export const CalendarIdParamSchema = idParams('id');
export const CalendarUpdateSchema = z.object({ isActive: z.boolean({ error: calendarMsg.calendarNotFound }) });
export const CalendarResponseSchema = z.object({ message: z.string(), calendar: CalendarSchema });
export const GoogleLinkResponseSchema = z.object({ message: z.string(), calendars: z.array(CalendarSchema) });

/** An ISO 8601 date or date-time ('2026-11-01', '2026-11-01T00:00:00-03:00'), as FullCalendar sends it. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

const instant = plainText(calendarMsg.invalidTime)
  .max(40, calendarMsg.invalidTime)
  .regex(ISO_INSTANT, calendarMsg.invalidTime)
  .refine((value) => !Number.isNaN(Date.parse(value)), calendarMsg.invalidTime)
  .refine((value) => {
    const year = new Date(value).getUTCFullYear();
    return year >= 1900 && year <= 2100;
  }, calendarMsg.invalidTime);

/** GET /api/calendar/event?timeMin=&timeMax= (timeMin defaults to one month back). */
export const EventsQuerySchema = z.object({ timeMin: instant.optional(), timeMax: instant.optional() });

/** An event of an active calendar: times as ISO instants, or dates for all-day events. */
export const CalendarEventSchema = z.object({
  id: z.string(),
  calendarId: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
});
export type CalendarEvent = z.infer<typeof CalendarEventSchema>;
export const EventsResponseSchema = z.object({
  events: z.array(CalendarEventSchema),
  /** A linked account Google no longer accepts: its events are missing until an owner links it again. */
  relinkNeeded: z.boolean(),
});
export type EventsResponse = z.infer<typeof EventsResponseSchema>;
