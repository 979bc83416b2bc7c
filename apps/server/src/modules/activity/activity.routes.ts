import { santiagoDate } from '@app/shared/period';
import {
  ActivityExportQuerySchema,
  ActivityPageSchema,
  ActivityQuerySchema,
  activityExportName,
} from '@app/shared/schemas/activity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import type { ActivityService } from './activity.service.ts';

export const activityRoutes: FastifyPluginAsyncZod<{ activity: ActivityService }> = async (app, { activity }) => {
  app.get(
    '/api/activity',
    {
      schema: {
        tags: ['activity'],
        description:
          'Owners: the activity log, newest first (at, then id, descending), 50 a page by default (at most 200). `from`/`to` are calendar days in America/Santiago, both included. `cursor` is the nextCursor of the page before (the id of its last entry); a cursor that names no entry answers 400.',
        querystring: ActivityQuerySchema,
        response: { 200: ActivityPageSchema, ...errorResponses },
      },
      onRequest: app.authorize('activity:read'),
    },
    async (request) => activity.page(request.query),
  );

  app.get(
    '/api/activity/export',
    {
      schema: {
        tags: ['activity'],
        description:
          "Owners: every entry the filters of GET /api/activity match, newest first, as a CSV (actividad-YYYY-MM-DD.csv: UTF-8 with BOM, ';' between cells, CRLF), streamed as it is read.",
        querystring: ActivityExportQuerySchema,
        response: errorResponses,
      },
      onRequest: app.authorize('activity:read'),
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', attachmentHeader(activityExportName(santiagoDate())))
        .header('cache-control', 'no-store')
        .send(activity.exportCsv(request.query) as never), // a byte stream, outside the JSON schemas
  );
};
