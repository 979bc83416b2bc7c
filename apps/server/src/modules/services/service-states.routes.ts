import { MessageSchema } from '@app/shared/errors';
import { idParams } from '@app/shared/fields';
import { servicesMsg } from '@app/shared/messages-services';
import {
  ServiceStateCreateSchema,
  ServiceStateResponseSchema,
  ServiceStateUpdateSchema,
} from '@app/shared/schemas/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { ServiceIdParamSchema } from './services.params.ts';
import { presentState } from './services.presenter.ts';
import type { ServicesService } from './services.service.ts';

const StateParamSchema = idParams('serviceId', 'id');

/** A service's states: create, edit and delete (owners); the list is in the service detail. */
export const serviceStatesRoutes: FastifyPluginAsyncZod<{ services: ServicesService }> = async (app, { services }) => {
  const tags = ['services'];

  app.post(
    '/api/service/:serviceId/state',
    {
      schema: {
        tags,
        params: ServiceIdParamSchema,
        body: ServiceStateCreateSchema,
        response: { 201: ServiceStateResponseSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('services:write'),
    },
    async (request, reply) => {
      const state = await services.createState(request.params.serviceId, request.body, actorOf(request));
      return reply.status(201).send({ message: servicesMsg.stateCreated, state: presentState(state) });
    },
  );

  app.put(
    '/api/service/:serviceId/state/:id',
    {
      schema: {
        tags,
        params: StateParamSchema,
        body: ServiceStateUpdateSchema,
        response: { 200: ServiceStateResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      const state = await services.updateState(
        request.params.serviceId,
        request.params.id,
        request.body,
        actorOf(request),
      );
      return { message: servicesMsg.stateEdited, state: presentState(state) };
    },
  );

  app.delete(
    '/api/service/:serviceId/state/:id',
    {
      schema: { tags, params: StateParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      await services.deleteState(request.params.serviceId, request.params.id, actorOf(request));
      return { message: servicesMsg.stateDeleted };
    },
  );
};
