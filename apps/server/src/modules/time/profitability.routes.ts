import { ProfitabilityQuerySchema, ProfitabilitySchema } from '@app/shared/schemas/time';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ProfitabilityService } from './profitability.service.ts';

/** Profitability per company of a month (owners): fee billed against the cost of the hours logged. */
export const profitabilityRoutes: FastifyPluginAsyncZod<{ profitability: ProfitabilityService }> = async (
  app,
  { profitability },
) => {
  app.get(
    '/api/panel/profitability',
    {
      schema: {
        tags: ['time'],
        description:
          "Each company's month: fee (net of its issued charges), hours logged, their cost (minutes / 60 × each person's hourly cost), margin and margin %, worst margin first; and the month's minutes per service.",
        querystring: ProfitabilityQuerySchema,
        response: { 200: ProfitabilitySchema, ...errorResponses },
      },
      onRequest: app.authorize('panel:profitability'),
    },
    async (request) => profitability.month(request.query.anio, request.query.mes),
  );
};
