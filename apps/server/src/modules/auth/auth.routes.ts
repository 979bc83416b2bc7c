import { ApiErrorSchema, MessageSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import {
  ChangePasswordSchema,
  LoginResponseSchema,
  LoginSchema,
  RecoverPasswordRequestSchema,
} from '@app/shared/schemas/auth';
import type { User } from '@app/shared/schemas/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses.ts';
import { bearerToken, currentUser } from '../../plugins/auth.ts';
import type { UserRow } from '../users/users.service.ts';
import type { AuthService } from './auth.service.ts';

interface Options {
  auth: AuthService;
  /** The users module's one shape of a user that leaves the server. */
  presentUser(row: UserRow): User;
}

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, { auth, presentUser }) => {
  app.post(
    '/api/login',
    { schema: { tags: ['auth'], body: LoginSchema, response: { 200: LoginResponseSchema, ...errorResponses } } },
    async (request) => {
      const answer = await auth.login(request.body.email, request.body.password, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      // A second-factor challenge, or the session.
      if ('challenge' in answer) return answer;
      return { user: presentUser(answer.user), token: answer.token };
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
      return { message: msg.recoverRequested };
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
};
