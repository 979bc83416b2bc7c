import { IdParamSchema, MessageSchema } from '@app/shared/errors';
import { companiesMsg } from '@app/shared/messages-companies';
import {
  BUSINESS_EXPORT_FILE_NAME,
  BusinessCreateSchema,
  BusinessExportSchema,
  BusinessListSchema,
  BusinessResponseSchema,
  BusinessUpdateSchema,
  ResponsibleOptionListSchema,
} from '@app/shared/schemas/businesses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { presentBusiness } from './businesses.presenter.ts';
import type { BusinessesService } from './businesses.service.ts';

/** Companies; the company page (GET /api/business/{id}) is business-detail.routes.ts. */
export const businessesRoutes: FastifyPluginAsyncZod<{ businesses: BusinessesService }> = async (
  app,
  { businesses },
) => {
  app.get(
    '/api/business',
    {
      schema: { tags: ['companies'], response: { 200: BusinessListSchema, ...errorResponses } },
      onRequest: app.authorize('businesses:read'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await businesses.listBuilt()),
  );

  // The staff a company may be given as its owner ('Encargado'): whoever may edit a company chooses one.
  app.get(
    '/api/business/responsible-options',
    {
      schema: { tags: ['companies'], response: { 200: ResponsibleOptionListSchema, ...errorResponses } },
      onRequest: app.authorize('businesses:write'),
    },
    async () => businesses.responsibleOptions(),
  );

  app.get(
    '/api/business/active',
    {
      schema: {
        tags: ['companies'],
        description: 'Companies whose contract covers part of the current period.',
        response: { 200: BusinessListSchema, ...errorResponses },
      },
      onRequest: app.authorize('businesses:read'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await businesses.listActiveBuilt()),
  );

  app.post(
    '/api/business/export',
    {
      schema: {
        tags: ['companies'],
        description:
          "'Exportar a Excel' of the companies list: an .xlsx (empresas.xlsx) of the companies named, in the order given (what the list shows after its search and filters).",
        body: BusinessExportSchema,
        response: errorResponses,
      },
      onRequest: app.authorize('businesses:read'),
    },
    async (request, reply) => {
      const sheet = await businesses.exportSheet(request.body.ids);
      return sendXlsx(reply, BUSINESS_EXPORT_FILE_NAME, xlsxStream(sheet));
    },
  );

  app.post(
    '/api/business',
    {
      schema: {
        tags: ['companies'],
        body: BusinessCreateSchema,
        response: { 201: BusinessResponseSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('businesses:write'),
    },
    async (request, reply) => {
      const business = await businesses.create(request.body, actorOf(request));
      return reply.status(201).send({ message: companiesMsg.businessCreated, business: presentBusiness(business) });
    },
  );

  app.put(
    '/api/business/:id',
    {
      schema: {
        tags: ['companies'],
        params: IdParamSchema,
        body: BusinessUpdateSchema,
        response: { 200: BusinessResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('businesses:write'),
    },
    async (request) => {
      const business = await businesses.update(request.params.id, request.body, actorOf(request));
      return { message: companiesMsg.businessEdited, business: presentBusiness(business) };
    },
  );

  app.delete(
    '/api/business/:id',
    {
      schema: { tags: ['companies'], params: IdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('businesses:delete'),
    },
    async (request) => {
      await businesses.delete(request.params.id, actorOf(request));
      return { message: companiesMsg.businessDeleted };
    },
  );
};
