import { MessageSchema } from '@app/shared/errors';
import { requestsMsg } from '@app/shared/messages-requests';
import {
  BusinessRequestsParamsSchema,
  ClientRequestListSchema,
  CreateRequestSchema,
  RequestIdParamSchema,
  RequestItemIdParamSchema,
  RequestListSchema,
  RequestPeriodQuerySchema,
  RequestResponseSchema,
  RequestSummaryListSchema,
  RequestTemplateInputSchema,
  RequestTemplateListSchema,
  RequestTemplateResponseSchema,
  ReviewItemResponseSchema,
  ReviewItemSchema,
  SendTemplateInputSchema,
  SendTemplateResponseSchema,
  ServiceIdParamSchema,
  ToReviewSchema,
} from '@app/shared/schemas/requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { RequestsService } from './requests.service.ts';

const tags = ['requests'];

/**
 * Document requests: templates on a service (staff read, owners write), requests to
 * companies and their review (owners and collaborators), a client's own company's requests.
 */
export const requestsRoutes: FastifyPluginAsyncZod<{ requests: RequestsService }> = async (app, { requests }) => {
  // ---------- Templates ----------

  app.get(
    '/api/service/:serviceId/request-template',
    {
      schema: { tags, params: ServiceIdParamSchema, response: { 200: RequestTemplateListSchema, ...errorResponses } },
      onRequest: app.authorize('services:read'),
    },
    async (request) => ({ rows: await requests.listTemplates(request.params.serviceId) }),
  );

  app.post(
    '/api/service/:serviceId/request-template',
    {
      schema: {
        tags,
        params: ServiceIdParamSchema,
        body: RequestTemplateInputSchema,
        response: { 201: RequestTemplateResponseSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('services:write'),
    },
    async (request, reply) => {
      const template = await requests.createTemplate(request.params.serviceId, request.body);
      return reply.status(201).send({ message: requestsMsg.templateCreated, template });
    },
  );

  app.put(
    '/api/request-template/:id',
    {
      schema: {
        tags,
        params: RequestIdParamSchema,
        body: RequestTemplateInputSchema,
        response: { 200: RequestTemplateResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      const template = await requests.updateTemplate(request.params.id, request.body);
      return { message: requestsMsg.templateUpdated, template };
    },
  );

  app.delete(
    '/api/request-template/:id',
    {
      schema: { tags, params: RequestIdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      await requests.deleteTemplate(request.params.id);
      return { message: requestsMsg.templateDeleted };
    },
  );

  app.post(
    '/api/request-template/:id/send',
    {
      schema: {
        tags,
        description:
          "'Solicitar a todas': one request per company the service applies to in the period; existing ones are skipped.",
        params: RequestIdParamSchema,
        body: SendTemplateInputSchema,
        response: { 200: SendTemplateResponseSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('requests:manage'),
    },
    async (request) => requests.sendTemplate(currentUser(request), request.params.id, request.body),
  );

  // ---------- Requests ----------

  app.get(
    '/api/requests',
    {
      schema: {
        tags,
        description:
          "Every company's requests of the month as /solicitudes lists them: states and counts; the items and their files are on a company's requests.",
        querystring: RequestPeriodQuerySchema,
        response: { 200: RequestSummaryListSchema, ...errorResponses },
      },
      onRequest: app.authorize('requests:manage'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await requests.listMonthBuilt(request.query)),
  );

  app.get(
    '/api/requests/to-review',
    {
      schema: { tags, response: { 200: ToReviewSchema, ...errorResponses } },
      onRequest: app.authorize('requests:manage'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await requests.toReviewBuilt()),
  );

  app.get(
    '/api/business/:businessId/requests',
    {
      schema: {
        tags,
        params: BusinessRequestsParamsSchema,
        querystring: RequestPeriodQuerySchema,
        response: { 200: RequestListSchema, ...errorResponses },
      },
      onRequest: app.authorize('requests:manage'),
    },
    async (request) => requests.listForPeriod(currentUser(request), request.query, request.params.businessId),
  );

  app.get(
    '/api/my/requests',
    {
      schema: { tags, response: { 200: ClientRequestListSchema, ...errorResponses } },
      onRequest: app.authorize('requests:own'),
    },
    async (request) => requests.listForClient(currentUser(request)),
  );

  app.post(
    '/api/requests',
    {
      schema: { tags, body: CreateRequestSchema, response: { 201: RequestResponseSchema, ...errorResponses } },
      config: idempotent,
      onRequest: app.authorize('requests:manage'),
    },
    async (request, reply) => {
      const created = await requests.createRequest(currentUser(request), request.body);
      // Says what became of the e-mail, as 'Avisar al cliente' does: never 'enviada' for a mail kept in the outbox.
      const message = {
        sent: requestsMsg.requestCreated,
        outbox: requestsMsg.requestCreatedOutbox,
        failed: requestsMsg.requestCreatedMailFailed,
        none: requestsMsg.requestCreatedNoEmail,
      }[created.mail];
      return reply.status(201).send({ message, request: created.request });
    },
  );

  app.delete(
    '/api/requests/:id',
    {
      schema: { tags, params: RequestIdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('requests:manage'),
    },
    async (request) => {
      await requests.deleteRequest(request.params.id);
      return { message: requestsMsg.requestDeleted };
    },
  );

  app.put(
    '/api/request-item/:id',
    {
      schema: {
        tags,
        params: RequestItemIdParamSchema,
        body: ReviewItemSchema,
        response: { 200: ReviewItemResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('requests:manage'),
    },
    async (request) => requests.reviewItem(currentUser(request), request.params.id, request.body),
  );
};
