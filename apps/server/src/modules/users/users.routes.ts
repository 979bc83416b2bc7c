import { ApiErrorSchema, IdParamSchema, MessageSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { type NotificationTokenSchema, PushPublicKeySchema } from '@app/shared/schemas/auth';
import {
  UserCreateSchema,
  UserListSchema,
  UserResponseSchema,
  UserSchema,
  UserUpdateSchema,
} from '@app/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import { presentUser } from './users.presenter.ts';
import type { UsersService } from './users.service.ts';

/** Users: staff managed by owners, client users with their company, and each user's own record. */
export const usersRoutes: FastifyPluginAsyncZod<{
  users: UsersService;
  /** The Web Push (VAPID) public key: the browser's applicationServerKey. */
  pushPublicKey: string;
  /** What a saved push subscription may be (NotificationTokenSchema, looser in browser tests). */
  notificationToken: typeof NotificationTokenSchema;
}> = async (app, { users, pushPublicKey, notificationToken }) => {
  app.get(
    '/api/user',
    {
      schema: { tags: ['users'], response: { 200: UserListSchema, ...errorResponses } },
      onRequest: app.authorize('users:manage'),
    },
    async (request, reply) => sendBuiltJson(request, reply, await users.listStaffBuilt()),
  );

  // Staff users need users:manage, client users businesses:write: the service checks by role.
  app.post(
    '/api/user',
    {
      schema: { tags: ['users'], body: UserCreateSchema, response: { 201: UserResponseSchema, ...errorResponses } },
      onRequest: app.authenticate,
    },
    async (request, reply) => {
      const user = await users.create(currentUser(request), request.body, actorOf(request));
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
      const user = await users.update(currentUser(request), request.params.id, request.body, actorOf(request));
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
      await users.delete(currentUser(request), request.params.id, actorOf(request));
      return { message: msg.userDeleted };
    },
  );

  app.get(
    '/api/user/me',
    { schema: { tags: ['users'], response: { 200: UserSchema, 401: ApiErrorSchema } }, onRequest: app.authenticate },
    async (request, reply) => sendBuiltJson(request, reply, await users.getBuilt(currentUser(request).id)),
  );

  app.get(
    '/api/push/public-key',
    {
      schema: { tags: ['users'], response: { 200: PushPublicKeySchema, ...errorResponses } },
      onRequest: app.authenticate,
    },
    async () => ({ publicKey: pushPublicKey }),
  );

  app.post(
    '/api/user/me/notification-token',
    {
      schema: { tags: ['users'], body: notificationToken, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authenticate,
    },
    async (request) => {
      await users.saveNotificationToken(currentUser(request), request.body.token);
      return { message: msg.notificationTokenSaved };
    },
  );
};
