import { ApiErrorSchema } from '@app/shared/errors';
import { calendarMsg } from '@app/shared/messages-calendar';
import {
  CalendarIdParamSchema,
  CalendarResponseSchema,
  CalendarStatusSchema,
  CalendarUpdateSchema,
  EventsQuerySchema,
  EventsResponseSchema,
  GoogleAuthUrlSchema,
  GoogleLinkResponseSchema,
  GoogleLinkSchema,
  MyCalendarsSchema,
} from '@app/shared/schemas/calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { CalendarService } from './calendar.service.ts';

/** Google errors: 502 Google unreachable or failing, 503 the integration is not configured. */
const googleErrors = { 502: ApiErrorSchema, 503: ApiErrorSchema, ...errorResponses };

/** The calendar: owners link and choose; events by the 'calendar:events' policy. */
export const calendarRoutes: FastifyPluginAsyncZod<{ calendar: CalendarService }> = async (app, { calendar }) => {
  const tags = ['calendar'];

  app.get(
    '/api/auth/google-cloud-auth-url',
    {
      schema: { tags, response: { 200: GoogleAuthUrlSchema, ...googleErrors } },
      onRequest: app.authorize('calendar:manage'),
    },
    async (request) => ({ authUrl: calendar.authUrl(currentUser(request)) }),
  );

  app.post(
    '/api/auth/google-cloud',
    {
      schema: { tags, body: GoogleLinkSchema, response: { 200: GoogleLinkResponseSchema, ...googleErrors } },
      onRequest: app.authorize('calendar:manage'),
    },
    async (request) => ({
      message: calendarMsg.linked,
      calendars: await calendar.link(currentUser(request), request.body),
    }),
  );

  app.get(
    '/api/user/me/calendar',
    {
      schema: { tags, response: { 200: MyCalendarsSchema, ...errorResponses } },
      onRequest: app.authorize('calendar:manage'),
    },
    (request) => calendar.myCalendars(currentUser(request)),
  );

  app.put(
    '/api/user/me/calendar/:id',
    {
      schema: {
        tags,
        params: CalendarIdParamSchema,
        body: CalendarUpdateSchema,
        response: { 200: CalendarResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('calendar:manage'),
    },
    async (request) => ({
      message: calendarMsg.calendarSaved,
      calendar: await calendar.setActive(currentUser(request), request.params.id, request.body.isActive),
    }),
  );

  app.get(
    '/api/calendar/status',
    {
      schema: { tags, response: { 200: CalendarStatusSchema, ...errorResponses } },
      // Signed-in here; owners and collaborators with allowCalendarView pass the policy in the service.
      onRequest: app.authenticate,
    },
    (request) => calendar.status(currentUser(request)),
  );

  app.get(
    '/api/calendar/event',
    {
      schema: { tags, querystring: EventsQuerySchema, response: { 200: EventsResponseSchema, ...googleErrors } },
      // Signed-in here; owners and collaborators with allowCalendarView pass the policy in the service.
      onRequest: app.authenticate,
    },
    (request) => calendar.events(currentUser(request), request.query),
  );
};
