import { idParams } from '@app/shared/fields';
import { servicesMsg } from '@app/shared/messages-services';
import {
  ServiceFolderCreateSchema,
  ServiceFolderResponseSchema,
  ServiceFolderUpdateSchema,
} from '@app/shared/schemas/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { ServiceIdParamSchema } from './services.params.ts';
import { presentFolder } from './services.presenter.ts';
import type { ServicesService } from './services.service.ts';

const FolderParamSchema = idParams('serviceId', 'id');

/** A service's folder templates; the tree is in the service detail. */
export const serviceFoldersRoutes: FastifyPluginAsyncZod<{ services: ServicesService }> = async (app, { services }) => {
  const tags = ['services'];

  app.post(
    '/api/service/:serviceId/folder',
    {
      schema: {
        tags,
        params: ServiceIdParamSchema,
        body: ServiceFolderCreateSchema,
        response: { 201: ServiceFolderResponseSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('services:write'),
    },
    async (request, reply) => {
      const folder = await services.createFolder(request.params.serviceId, request.body, actorOf(request));
      return reply.status(201).send({ message: servicesMsg.folderCreated, folder: presentFolder(folder) });
    },
  );

  app.put(
    '/api/service/:serviceId/folder/:id',
    {
      schema: {
        tags,
        params: FolderParamSchema,
        body: ServiceFolderUpdateSchema,
        response: { 200: ServiceFolderResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      const folder = await services.updateFolder(
        request.params.serviceId,
        request.params.id,
        request.body,
        actorOf(request),
      );
      return { message: servicesMsg.folderEdited, folder: presentFolder(folder) };
    },
  );
};
