import { IdParamSchema, MessageSchema } from '@app/shared/errors';
import { servicesMsg } from '@app/shared/messages-services';
import {
  ServiceCreateSchema,
  ServiceDetailResponseSchema,
  ServiceListQuerySchema,
  ServiceListSchema,
  ServiceMonthsActiveResponseSchema,
  ServiceMonthsActiveUpdateSchema,
  ServiceResponseSchema,
  ServiceUpdateSchema,
} from '@app/shared/schemas/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { serviceFoldersRoutes } from './service-folders.routes.ts';
import { serviceNotificationsRoutes } from './service-notifications.routes.ts';
import { serviceStatesRoutes } from './service-states.routes.ts';
import { ServiceIdParamSchema } from './services.params.ts';
import { presentMonthsActive, presentServiceDetail, presentServiceWithStates } from './services.presenter.ts';
import type { ServicesService } from './services.service.ts';

/**
 * The services catalogue and each service's detail. Permissions are
 * checked onRequest, before the body is validated: whatever is sent, an anonymous caller gets 401
 * and a collaborator writing gets 403.
 */
export const servicesRoutes: FastifyPluginAsyncZod<{ services: ServicesService }> = async (app, { services }) => {
  const tags = ['services'];

  app.get(
    '/api/service',
    {
      schema: { tags, querystring: ServiceListQuerySchema, response: { 200: ServiceListSchema, ...errorResponses } },
      onRequest: app.authorize('services:read'),
    },
    async (request) =>
      (await services.list(request.query.orderBy)).map((row) => presentServiceWithStates(row.service, row.states)),
  );

  app.post(
    '/api/service',
    {
      schema: { tags, body: ServiceCreateSchema, response: { 201: ServiceResponseSchema, ...errorResponses } },
      config: idempotent,
      onRequest: app.authorize('services:write'),
    },
    async (request, reply) => {
      const created = await services.create(request.body, actorOf(request));
      return reply.status(201).send({
        message: servicesMsg.serviceCreated,
        service: presentServiceWithStates(created.service, created.states),
      });
    },
  );

  app.get(
    '/api/service/:id',
    {
      schema: { tags, params: IdParamSchema, response: { 200: ServiceDetailResponseSchema, ...errorResponses } },
      onRequest: app.authorize('services:read'),
    },
    async (request) => ({ service: presentServiceDetail(await services.getDetail(request.params.id)) }),
  );

  app.put(
    '/api/service/:id',
    {
      schema: {
        tags,
        params: IdParamSchema,
        body: ServiceUpdateSchema,
        response: { 200: ServiceResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      const updated = await services.update(request.params.id, request.body, actorOf(request));
      return { message: servicesMsg.serviceEdited, service: presentServiceWithStates(updated.service, updated.states) };
    },
  );

  app.delete(
    '/api/service/:id',
    {
      schema: { tags, params: IdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('services:delete'),
    },
    async (request) => {
      await services.delete(request.params.id, actorOf(request));
      return { message: servicesMsg.serviceDeleted };
    },
  );

  app.put(
    '/api/service/:serviceId/months-active',
    {
      schema: {
        tags,
        params: ServiceIdParamSchema,
        body: ServiceMonthsActiveUpdateSchema,
        response: { 200: ServiceMonthsActiveResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      const row = await services.updateMonthsActive(request.params.serviceId, request.body, actorOf(request));
      return { message: servicesMsg.monthsActiveSaved, monthsActive: presentMonthsActive(row) };
    },
  );

  await app.register(serviceStatesRoutes, { services });
  await app.register(serviceFoldersRoutes, { services });
  await app.register(serviceNotificationsRoutes, { services });
};
