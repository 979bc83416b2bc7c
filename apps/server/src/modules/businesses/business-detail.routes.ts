import { IdParamSchema } from '@app/shared/errors';
import { BusinessDetailResponseSchema } from '@app/shared/schemas/businesses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import type { BusinessDetailReader } from './business-detail.ts';

/** The company page: the company with its service links, client users and credentials (no passwords). */
export const businessDetailRoutes: FastifyPluginAsyncZod<{ getDetail: BusinessDetailReader }> = async (
  app,
  { getDetail },
) => {
  app.get(
    '/api/business/:id',
    {
      schema: {
        tags: ['companies'],
        params: IdParamSchema,
        response: { 200: BusinessDetailResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('businesses:read'),
    },
    async (request) => ({ business: await getDetail(request.params.id) }),
  );
};
