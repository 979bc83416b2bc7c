import { ApiErrorSchema } from '@app/shared/errors';
import { boardMsg } from '@app/shared/messages-board';
import {
  EmailLogPageSchema,
  EmailLogQuerySchema,
  SendEmailResponseSchema,
  SendEmailSchema,
} from '@app/shared/schemas/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.ts';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { currentUser } from '../../plugins/auth.ts';
import { presentEmail } from './email.presenter.ts';

export const emailRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { email } = context.services;

  app.post(
    '/api/utils/send-email',
    {
      schema: {
        tags: ['email'],
        description: 'Sends to every recipient; the attempt is logged either way. 502 when the provider refused it.',
        body: SendEmailSchema,
        response: { 200: SendEmailResponseSchema, 502: ApiErrorSchema, ...errorResponses },
      },
      onRequest: app.authorize('email:manage'),
    },
    async (request, reply) => {
      const logged = await email.send(currentUser(request), request.body);
      if (!logged.ok) return reply.status(502).send({ message: boardMsg.emailFailed });
      return { message: boardMsg.emailSent, email: presentEmail(logged) };
    },
  );

  app.get(
    '/api/email',
    {
      schema: {
        tags: ['email'],
        querystring: EmailLogQuerySchema,
        response: { 200: EmailLogPageSchema, ...errorResponses },
      },
      onRequest: app.authorize('email:manage'),
    },
    async (request, reply) => {
      const { page, size, businessId } = request.query;
      return sendBuiltJson(request, reply, await email.pageBuilt(page, size, businessId));
    },
  );
};
