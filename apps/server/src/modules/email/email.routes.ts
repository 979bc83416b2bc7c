import { ApiErrorSchema } from '@app/shared/errors';
import { boardMsg } from '@app/shared/messages-board';
import { mailMsg } from '@app/shared/messages-mail';
import { santiagoDate } from '@app/shared/period';
import {
  EmailLogExportQuerySchema,
  EmailLogPageSchema,
  EmailLogQuerySchema,
  EmailStatusSchema,
  emailLogExportName,
  SendEmailResponseSchema,
  SendEmailSchema,
} from '@app/shared/schemas/email';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendBuiltJson } from '../../lib/built-json.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { sendXlsx } from '../../lib/xlsx-reply.ts';
import { xlsxStream } from '../../lib/xlsx-stream.ts';
import { currentUser } from '../../plugins/auth.ts';
import { presentEmail } from './email.presenter.ts';
import type { EmailService } from './email.service.ts';

export const emailRoutes: FastifyPluginAsyncZod<{ email: EmailService }> = async (app, { email }) => {
  app.post(
    '/api/utils/send-email',
    {
      schema: {
        tags: ['email'],
        description:
          "Sends to every recipient (owners and collaborators); the attempt is logged with its sender either way. 502 when the provider refused it; delivery 'outbox' when SMTP_URL is unset and the message was only kept in the server's outbox.",
        body: SendEmailSchema,
        response: { 200: SendEmailResponseSchema, 502: ApiErrorSchema, ...errorResponses },
      },
      onRequest: app.authorize('email:send'),
    },
    async (request, reply) => {
      const { row, delivery } = await email.send(currentUser(request), request.body);
      if (delivery === 'failed') return reply.status(502).send({ message: boardMsg.emailFailed });
      const message = delivery === 'outbox' ? mailMsg.savedToOutbox : boardMsg.emailSent;
      return { message, delivery, email: presentEmail(row) };
    },
  );

  app.get(
    '/api/email/status',
    {
      schema: {
        tags: ['email'],
        description:
          'Owners: whether mail is configured (SMTP_URL) and e-mailed links name a public address (APP_URL).',
        response: { 200: EmailStatusSchema, ...errorResponses },
      },
      onRequest: app.authorize('email:manage'),
    },
    async () => email.status(),
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

  app.get(
    '/api/email/export',
    {
      schema: {
        tags: ['email'],
        description:
          "'Exportar a Excel' of the e-mail log: an .xlsx (correos-YYYY-MM-DD.xlsx) of every entry the filter of GET /api/email matches, newest first.",
        querystring: EmailLogExportQuerySchema,
        response: errorResponses,
      },
      onRequest: app.authorize('email:manage'),
    },
    async (request, reply) =>
      sendXlsx(reply, emailLogExportName(santiagoDate()), xlsxStream(email.exportSheet(request.query.businessId))),
  );
};
