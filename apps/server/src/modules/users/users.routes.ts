import { IdParamSchema, MessageSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { UserCreateSchema, UserListSchema, UserResponseSchema, UserUpdateSchema } from '@app/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import { presentUser } from './users.presenter.ts';

export const usersRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { users } = context.services;

  app.get(
    '/api/user',
    {
      schema: { tags: ['users'], response: { 200: UserListSchema, ...errorResponses } },
      onRequest: app.authorize('users:manage'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await users.listStaffBuilt()),
  );

  // Staff users need users:manage, client users companies:write: the service checks by role.
  app.post(
    '/api/user',
    {
      schema: { tags: ['users'], body: UserCreateSchema, response: { 201: UserResponseSchema, ...errorResponses } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const user = await users.create(currentUser(request), request.body);
      return reply.status(201).send({ message: msg.userCreated, user: presentUser(user) });
    },
  );

  app.put(
    '/api/user/:id',
    {
      schema: {
        tags: ['users'],
        params: IdParamSchema,
        body: UserUpdateSchema,
        response: { 200: UserResponseSchema, ...errorResponses },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      const user = await users.update(currentUser(request), request.params.id, request.body);
      return { message: msg.userEdited, user: presentUser(user) };
    },
  );

  app.delete(
    '/api/user/:id',
    {
      schema: { tags: ['users'], params: IdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authenticate,
    },
    async (request) => {
      await users.delete(currentUser(request), request.params.id);
      return { message: msg.userDeleted };
    },
  );
};
