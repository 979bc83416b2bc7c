import { MessageSchema } from '@app/shared/errors';
import { holidaysMsg } from '@app/shared/messages-holidays';
import {
  FirmHolidayCreateSchema,
  FirmHolidayListSchema,
  FirmHolidayParamSchema,
  FirmHolidayResponseSchema,
} from '@app/shared/schemas/holidays';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { HolidaysService } from './holidays.service.ts';

/** The firm's extra holidays: staff read them, owners add and delete them. */
export const holidaysRoutes: FastifyPluginAsyncZod<{ holidays: HolidaysService }> = async (app, { holidays }) => {
  app.get(
    '/api/holidays',
    {
      schema: { tags: ['holidays'], response: { 200: FirmHolidayListSchema, ...errorResponses } },
      onRequest: app.authorize('holidays:read'),
    },
    async () => holidays.list(),
  );

  app.post(
    '/api/holidays',
    {
      schema: {
        tags: ['holidays'],
        body: FirmHolidayCreateSchema,
        response: { 201: FirmHolidayResponseSchema, ...errorResponses },
      },
      config: idempotent,
      onRequest: app.authorize('holidays:manage'),
    },
    async (request, reply) => {
      const holiday = await holidays.create(request.body, actorOf(request));
      return reply.status(201).send({ message: holidaysMsg.created, holiday });
    },
  );

  app.delete(
    '/api/holidays/:holidayId',
    {
      schema: {
        tags: ['holidays'],
        params: FirmHolidayParamSchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
      onRequest: app.authorize('holidays:manage'),
    },
    async (request) => {
      await holidays.delete(request.params.holidayId, actorOf(request));
      return { message: holidaysMsg.deleted };
    },
  );
};
