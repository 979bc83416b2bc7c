import { collectionsMsg } from '@app/shared/messages-billing-collections';
import { PaymentSavedSchema } from '@app/shared/schemas/billing-collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { badRequest } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { ReceiptsService } from './receipts.service.ts';

/**
 * A client's payment receipt. A plugin of its own: its route takes multipart bodies within the
 * instance's upload limits and slots (FILE_MAX_MB), as the documents' uploads do. What the client
 * typed (amount, date, a note) travels in the body's fields: the address, which the access log
 * keeps, carries nothing, and one that does (a page loaded before this rule) is refused.
 */
export const receiptsRoutes: FastifyPluginAsyncZod<{ receipts: ReceiptsService; uploads: UploadReceiver }> = async (
  app,
  { receipts, uploads },
) => {
  await uploads.registerParser(app);

  app.post(
    '/api/billing/my/receipts',
    {
      schema: {
        tags: ['billing'],
        description: `A client sends a payment receipt of their own company: multipart/form-data with the text fields 'amount' (pesos: '150.000'), 'date' (not after today) and optionally 'method' and 'note', then one field 'file' (PDF, JPG or PNG recognised by its content, ${uploads.maxMegabytes} MB at most; 415 for anything else). Nothing goes in the query string (400 when it carries anything: it reaches the access log). It waits as a payment 'to_confirm' until the owner confirms or rejects it.`,
        response: { ...uploads.responses, 201: PaymentSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:own'),
    },
    async (request, reply) => {
      const saved = await uploads.accept(request, reply, async (files, fields) => {
        if (new URL(request.url, 'http://localhost').search !== '') {
          throw badRequest(collectionsMsg.receiptFieldsInAddress);
        }
        return receipts.upload(currentUser(request), fields, files, actorOf(request));
      });
      return reply.status(201).send(saved);
    },
  );
};
