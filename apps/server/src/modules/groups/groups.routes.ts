import { MessageSchema } from '@app/shared/errors';
import { companiesMsg } from '@app/shared/messages-companies';
import {
  GroupCreateSchema,
  GroupDetailResponseSchema,
  GroupListSchema,
  GroupParamSchema,
  GroupResponseSchema,
  GroupUpdateSchema,
} from '@app/shared/schemas/groups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { idempotent } from '../../plugins/idempotency.ts';
import type { GroupsService } from './groups.service.ts';

/** Company groups: list and read for owners and collaborators, writes for owners. */
export const groupsRoutes: FastifyPluginAsyncZod<{ groups: GroupsService }> = async (app, { groups }) => {
  app.get(
    '/api/business-group',
    {
      schema: { tags: ['groups'], response: { 200: GroupListSchema, ...errorResponses } },
      onRequest: app.authorize('groups:read'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await groups.listBuilt()),
  );

  app.post(
    '/api/business-group',
    {
      schema: { tags: ['groups'], body: GroupCreateSchema, response: { 201: GroupResponseSchema, ...errorResponses } },
      config: idempotent,
      onRequest: app.authorize('groups:write'),
    },
    async (request, reply) => {
      const group = await groups.create(request.body, actorOf(request));
      return reply.status(201).send({ message: companiesMsg.groupSaved, group });
    },
  );

  app.get(
    '/api/business-group/:groupId',
    {
      schema: {
        tags: ['groups'],
        params: GroupParamSchema,
        response: { 200: GroupDetailResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('groups:read'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await groups.getBuilt(request.params.groupId)),
  );

  app.put(
    '/api/business-group/:groupId',
    {
      schema: {
        tags: ['groups'],
        params: GroupParamSchema,
        body: GroupUpdateSchema,
        response: { 200: GroupResponseSchema, ...errorResponses },
      },
      onRequest: app.authorize('groups:write'),
    },
    async (request) => {
      const group = await groups.update(request.params.groupId, request.body, actorOf(request));
      return { message: companiesMsg.groupSaved, group };
    },
  );

  app.delete(
    '/api/business-group/:groupId',
    {
      schema: { tags: ['groups'], params: GroupParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('groups:write'),
    },
    async (request) => {
      await groups.delete(request.params.groupId, actorOf(request));
      return { message: companiesMsg.groupDeleted };
    },
  );
};
