import { ApiErrorSchema } from '@app/shared/errors';
import { taxCalendarMsg } from '@app/shared/messages-tax-calendar';
import {
  CalendarFeedCreateSchema,
  CalendarFeedSavedSchema,
  CalendarFeedStatusSchema,
  TaxCalendarMonthQuerySchema,
  TaxCalendarMonthSchema,
  TaxYearDateInputSchema,
  TaxYearImportErrorSchema,
  TaxYearImportPreviewSchema,
  TaxYearImportResultSchema,
  TaxYearKeyParamsSchema,
  TaxYearListSchema,
  TaxYearParamsSchema,
  TaxYearSavedSchema,
} from '@app/shared/schemas/tax-calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { readSheetForm } from '../../lib/sheet-upload.ts';
import { currentUser } from '../../plugins/auth.ts';
import { calendarFeedText } from './calendar-feed.ts';
import { type TaxCalendarService, TaxYearImportRefused } from './tax-calendar.service.ts';
import { TAX_YEAR_SHEET_RULES } from './tax-year-import.ts';

/** How far a calendar feed reaches: about three months back and three ahead. */
export const FEED_WINDOW = { daysBack: 92, daysAhead: 92 };

const importBody =
  "multipart/form-data with one field 'file': an .xlsx or .csv with a header row naming 'Clave', 'Fecha' (DD-MM-AAAA or AAAA-MM-DD, in the tax year), and optionally 'Confirmada' (sí/no), 'Fuente' and 'Nota'; 1 MB at most (413).";

export const taxCalendarRoutes: FastifyPluginAsyncZod<{ taxCalendar: TaxCalendarService }> = async (
  app,
  { taxCalendar },
) => {
  const tags = ['tax-calendar'];

  app.get(
    '/api/tax-calendar/month',
    {
      schema: {
        tags,
        description:
          "The month's due obligations (services' due dates, online and paper apart, and the annual dates) with how many companies are done, pending and late, and today's week's. `encargado`: one owner's companies, or 'none'.",
        querystring: TaxCalendarMonthQuerySchema,
        response: { 200: TaxCalendarMonthSchema, ...errorResponses },
      },
      onRequest: app.authorize('tax-calendar:read'),
    },
    async (request) => taxCalendar.month(request.query),
  );

  app.get(
    '/api/tax-calendar/years/:year',
    {
      schema: {
        tags,
        description: "'Calendario AT': the tax year's dates, shipped ones with the firm's edits over them.",
        params: TaxYearParamsSchema,
        response: { 200: TaxYearListSchema, ...errorResponses },
      },
      onRequest: app.authorize('tax-calendar:read'),
    },
    async (request) => taxCalendar.listYear(request.params.year),
  );

  app.put(
    '/api/tax-calendar/years/:year/dates/:key',
    {
      schema: {
        tags,
        description: "The firm's date for a key in the tax year (replaces the shipped one, or adds the key).",
        params: TaxYearKeyParamsSchema,
        body: TaxYearDateInputSchema,
        response: { 200: TaxYearSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('tax-calendar:manage'),
    },
    async (request) => taxCalendar.saveDate(actorOf(request), request.params.year, request.params.key, request.body),
  );

  app.delete(
    '/api/tax-calendar/years/:year/dates/:key',
    {
      schema: {
        tags,
        description: "Removes the firm's date: a shipped key shows its shipped date again.",
        params: TaxYearKeyParamsSchema,
        response: { 200: TaxYearSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('tax-calendar:manage'),
    },
    async (request) => taxCalendar.removeDate(actorOf(request), request.params.year, request.params.key),
  );

  app.post(
    '/api/tax-calendar/years/:year/import/preview',
    {
      schema: {
        tags,
        description: `${importBody} Every line: new, changed (with the date in force), unchanged or invalid (with its reason). Nothing is written.`,
        params: TaxYearParamsSchema,
        response: { 200: TaxYearImportPreviewSchema, ...errorResponses, 413: ApiErrorSchema, 415: ApiErrorSchema },
      },
      onRequest: app.authorize('tax-calendar:manage'),
    },
    async (request) =>
      taxCalendar.previewImport(request.params.year, (await readSheetForm(request, TAX_YEAR_SHEET_RULES)).bytes),
  );

  app.post(
    '/api/tax-calendar/years/:year/import/confirm',
    {
      schema: {
        tags,
        description: `${importBody} Writes the new and changed dates in one transaction; with any invalid line 400 with every line, and nothing written.`,
        params: TaxYearParamsSchema,
        response: {
          200: TaxYearImportResultSchema,
          ...errorResponses,
          400: z.union([TaxYearImportErrorSchema, ApiErrorSchema]),
          413: ApiErrorSchema,
          415: ApiErrorSchema,
        },
      },
      onRequest: app.authorize('tax-calendar:manage'),
    },
    async (request, reply) => {
      const { bytes } = await readSheetForm(request, TAX_YEAR_SHEET_RULES);
      try {
        return await taxCalendar.confirmImport(actorOf(request), request.params.year, bytes);
      } catch (error) {
        if (error instanceof TaxYearImportRefused)
          return reply.status(400).send({ message: error.message, lines: error.lines });
        throw error;
      }
    },
  );

  // The personal feed address, from 'Mi perfil'.
  app.get(
    '/api/profile/calendar-feed',
    {
      schema: {
        tags,
        description: "The user's calendar feed address (relative), or `active: false`.",
        response: { 200: CalendarFeedStatusSchema, ...errorResponses },
      },
      onRequest: app.authorize('tax-calendar:feed'),
    },
    async (request) => taxCalendar.feedStatus(currentUser(request).id),
  );

  app.post(
    '/api/profile/calendar-feed',
    {
      schema: {
        tags,
        description: 'A new random feed address; the previous one stops working at once.',
        body: CalendarFeedCreateSchema,
        response: { 200: CalendarFeedSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('tax-calendar:feed'),
    },
    async (request) => ({
      message: taxCalendarMsg.feedCreated,
      ...(await taxCalendar.newFeed(currentUser(request).id)),
    }),
  );

  app.delete(
    '/api/profile/calendar-feed',
    {
      schema: {
        tags,
        description: 'Revokes the feed address.',
        response: { 200: CalendarFeedSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('tax-calendar:feed'),
    },
    async (request) => {
      await taxCalendar.revokeFeed(currentUser(request).id);
      return { message: taxCalendarMsg.feedRevoked, active: false, path: null, createdAt: null };
    },
  );

  // The feed itself: no session (a calendar app asks for it), the token in the address is the credential.
  app.get(
    '/api/calendar-feed/:file',
    {
      schema: {
        tags,
        description:
          "text/calendar: all-day events of the due dates from ~3 months ago to ~3 months ahead, of the companies the feed's user owns (an owner's: every company). 404 for an unknown or revoked address.",
        params: z.object({ file: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : request.params.file;
      const owner = await taxCalendar.feedOwner(token);
      const obligations = await taxCalendar.feedObligations(
        owner.role === 'owner' ? undefined : owner.userId,
        FEED_WINDOW,
      );
      const text = await calendarFeedText(obligations, 'Estudio Contable');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline; filename="vencimientos.ics"')
        .send(text);
    },
  );
};
