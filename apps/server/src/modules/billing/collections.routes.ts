import { collectionsMsg } from '@app/shared/messages-billing-collections';
import {
  CollectionsListSchema,
  CollectionsQuerySchema,
  OverdueIdsSchema,
} from '@app/shared/schemas/billing-collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import type { CollectionsService } from './collections.service.ts';
import { collectionsSheet } from './collections-export.ts';

/** /cobranza's data: owners only ('billing:read'). */
export const collectionsRoutes: FastifyPluginAsyncZod<{ collections: CollectionsService }> = async (
  app,
  { collections },
) => {
  const tags = ['billing'];

  app.get(
    '/api/billing/collections',
    {
      schema: {
        tags,
        description:
          "Every company with billing: open charges, credit, balance (open − credit), oldest open due date, its aging bucket ('al día', '1–30', '31–60', '61–90', 'más de 90 días'), open amounts by bucket, and the totals. Filters: `responsible` (a staff member's id or 'none'), `group`, `overdue=true`, `q` (name, razón social or RUT); `sort` name (Spanish order), balance or oldestDue, `order` asc or desc.",
        querystring: CollectionsQuerySchema,
        response: { 200: CollectionsListSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await collections.listBuilt(request.query)),
  );

  app.get(
    '/api/billing/collections/export',
    {
      schema: {
        tags,
        description:
          "'Exportar a Excel' of the list with the same filters and order, streamed as .xlsx, the totals last.",
        querystring: CollectionsQuerySchema,
        response: errorResponses,
      },
      onRequest: app.authorize('billing:read'),
    },
    async (request, reply) => {
      const list = await collections.list(request.query);
      return sendXlsx(reply, collectionsMsg.collectionsExportName(list.asOf), xlsxStream(collectionsSheet(list)));
    },
  );

  app.get(
    '/api/billing/collections/overdue-ids',
    {
      schema: {
        tags,
        description:
          "The ids of the companies with a charge past its due date and unpaid (the monthly board's mark for owners).",
        response: { 200: OverdueIdsSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:read'),
    },
    async () => ({ businessIds: await collections.overdueIds() }),
  );
};
