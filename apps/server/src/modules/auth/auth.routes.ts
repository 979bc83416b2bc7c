import { ApiErrorSchema, MessageSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import {
  ChangePasswordSchema,
  LoginResponseSchema,
  LoginSchema,
  NotificationTokenSchema,
  PushPublicKeySchema,
  RecoverPasswordRequestSchema,
} from '@app/shared/schemas/auth';
import { UserSchema } from '@app/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { bearerToken, currentUser } from '../../plugins/auth.ts';
import { presentUser } from '../users/users.presenter.ts';

export const authRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { auth, users } = context.services;

  app.post(
    '/api/login',
    { schema: { tags: ['auth'], body: LoginSchema, response: { 200: LoginResponseSchema, ...errorResponses } } },
    async (request) => {
      const { user, token } = await auth.login(request.body.email, request.body.password, request.ip);
      return { user: presentUser(user), token };
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: { 200: MessageSchema, 401: ApiErrorSchema } }, onRequest: app.authenticate },
    async (request) => {
      await auth.logout(currentUser(request).sessionId);
      return { message: msg.loggedOut };
    },
  );

  app.post(
    '/api/auth/recover_password_email',
    {
      schema: {
        tags: ['auth'],
        body: RecoverPasswordRequestSchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.requestRecovery(request.body.email, request.ip);
      return { message: msg.recoverSent };
    },
  );

  app.put(
    '/api/auth/change_password',
    {
      schema: {
        tags: ['auth'],
        description: 'The recovery token from the e-mailed link travels as the bearer credential.',
        body: ChangePasswordSchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
    },
    async (request) => {
      await auth.changePasswordWithToken(bearerToken(request), request.body.password, request.ip);
      return { message: msg.passwordChanged };
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
    async () => ({ publicKey: context.secrets.vapid.publicKey }),
  );

  app.post(
    '/api/user/me/notification-token',
    {
      schema: { tags: ['users'], body: NotificationTokenSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authenticate,
    },
    async (request) => {
      await users.saveNotificationToken(currentUser(request), request.body.token);
      return { message: msg.notificationTokenSaved };
    },
  );
};
