import { whatsappMsg } from '@app/shared/messages-whatsapp';
import {
  WhatsAppBusinessParamsSchema,
  WhatsAppContactSavedSchema,
  WhatsAppContactSaveSchema,
  WhatsAppContactSchema,
  WhatsAppOutboxParamsSchema,
  WhatsAppRetrySavedSchema,
  WhatsAppStatusSchema,
} from '@app/shared/schemas/whatsapp';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { WhatsAppService } from './whatsapp.service.ts';

const tags = ['whatsapp'];

/** A company's WhatsApp number and consent (staff), and the channel with its outbox (owners). */
export const whatsappRoutes: FastifyPluginAsyncZod<{ whatsapp: WhatsAppService }> = async (app, { whatsapp }) => {
  app.get(
    '/api/business/:businessId/whatsapp',
    {
      schema: {
        tags,
        description:
          "The company's WhatsApp number (E.164), whether it accepts WhatsApp notices, who last changed that and when, and whether the server has WhatsApp configured.",
        params: WhatsAppBusinessParamsSchema,
        response: { 200: WhatsAppContactSchema, ...errorResponses },
      },
      onRequest: app.authorize('whatsapp:contact'),
    },
    async (request) => whatsapp.contact(request.params.businessId),
  );

  app.put(
    '/api/business/:businessId/whatsapp',
    {
      schema: {
        tags,
        description:
          "Saves the company's WhatsApp number (a Chilean mobile, typed in any usual form, stored as +569XXXXXXXX; empty: none) and its consent (optedIn, which needs a number). Turning the consent off withdraws the notices queued and not sent.",
        params: WhatsAppBusinessParamsSchema,
        body: WhatsAppContactSaveSchema,
        response: { 200: WhatsAppContactSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('whatsapp:contact'),
    },
    async (request) => ({
      message: whatsappMsg.contactSaved,
      contact: await whatsapp.saveContact(actorOf(request), request.params.businessId, request.body),
    }),
  );

  app.get(
    '/api/whatsapp/status',
    {
      schema: {
        tags,
        description:
          "Whether WhatsApp is configured (never the token), the API version, the phone number's id, the template of each notice, whether WhatsApp refused the token, and the outbox's newest rows with their state and reason. 'sent' means WhatsApp's API accepted the message, not that it was delivered.",
        response: { 200: WhatsAppStatusSchema, ...errorResponses },
      },
      onRequest: app.authorize('whatsapp:manage'),
    },
    async () => whatsapp.status(),
  );

  app.post(
    '/api/whatsapp/outbox/:id/retry',
    {
      schema: {
        tags,
        description:
          "'Reintentar': a failed send queued again, to the company's current number. 409 unless it failed, while WhatsApp is not configured, or when the company no longer accepts WhatsApp notices.",
        params: WhatsAppOutboxParamsSchema,
        response: { 200: WhatsAppRetrySavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('whatsapp:manage'),
    },
    async (request) => ({ message: whatsappMsg.retried, row: await whatsapp.retry(request.params.id) }),
  );
};
