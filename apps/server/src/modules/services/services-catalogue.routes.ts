import { servicesMsg } from '@app/shared/messages-services';
import {
  CatalogueListSchema,
  CatalogueLoadResponseSchema,
  CatalogueLoadSchema,
} from '@app/shared/schemas/tax-catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { ServicesCatalogue } from './services-catalogue.ts';

/** 'Cargar obligaciones del SII' (owners): the tax catalogue's status against the firm's services, and loading it. */
export const servicesCatalogueRoutes: FastifyPluginAsyncZod<{ catalogue: ServicesCatalogue }> = async (
  app,
  { catalogue },
) => {
  const tags = ['services'];

  app.get(
    '/api/service/catalogue',
    {
      schema: { tags, response: { 200: CatalogueListSchema, ...errorResponses } },
      onRequest: app.authorize('services:catalogue'),
    },
    async () => ({ entries: await catalogue.statuses() }),
  );

  app.post(
    '/api/service/catalogue/load',
    {
      schema: { tags, body: CatalogueLoadSchema, response: { 200: CatalogueLoadResponseSchema, ...errorResponses } },
      onRequest: app.authorize('services:catalogue'),
    },
    async (request) => {
      const result = await catalogue.load(request.body.keys, actorOf(request));
      return { message: servicesMsg.catalogueLoaded(result.created.length), ...result };
    },
  );
};
