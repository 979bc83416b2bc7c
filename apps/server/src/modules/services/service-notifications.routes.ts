import { MessageSchema } from '@app/shared/errors';
import { idParams } from '@app/shared/fields';
import { servicesMsg } from '@app/shared/messages-services';
import {
  ServiceNotificationCreateSchema,
  ServiceNotificationResponseSchema,
  ServiceNotificationUpdateSchema,
} from '@app/shared/schemas/services';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import { ServiceIdParamSchema } from './services.params.ts';
import { presentNotification } from './services.presenter.ts';
import type { ServicesService } from './services.service.ts';

const NotificationParamSchema = idParams('serviceId', 'notificationId');

/** A service's monthly e-mail notifications; sending them is another module's job. */
export const serviceNotificationsRoutes: FastifyPluginAsyncZod<{ services: ServicesService }> = async (
  app,
  { services },
) => {
  const tags = ['services'];

  app.post(
    '/api/service/:serviceId/notification',
    {
      schema: {
        tags,
        params: ServiceIdParamSchema,
        body: ServiceNotificationCreateSchema,
        response: { 201: ServiceNotificationResponseSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('services:write'),
    },
    async (request, reply) => {
      const notification = await services.createNotification(request.params.serviceId, request.body, actorOf(request));
      return reply
        .status(201)
        .send({ message: servicesMsg.notificationCreated, notification: presentNotification(notification) });
    },
  );

  app.put(
    '/api/service/:serviceId/notification/:notificationId',
    {
      schema: {
        tags,
        params: NotificationParamSchema,
        body: ServiceNotificationUpdateSchema,
        response: { 200: ServiceNotificationResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      const { serviceId, notificationId } = request.params;
      const notification = await services.updateNotification(serviceId, notificationId, request.body, actorOf(request));
      return { message: servicesMsg.notificationEdited, notification: presentNotification(notification) };
    },
  );

  app.delete(
    '/api/service/:serviceId/notification/:notificationId',
    {
      schema: { tags, params: NotificationParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('services:write'),
    },
    async (request) => {
      await services.deleteNotification(request.params.serviceId, request.params.notificationId, actorOf(request));
      return { message: servicesMsg.notificationDeleted };
    },
  );
};
