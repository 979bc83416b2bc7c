import { PaymentSavedSchema, ReceiptQuerySchema } from '@app/shared/schemas/billing-collections';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { ReceiptsService } from './receipts.service.ts';

/**
 * A client's payment receipt. A plugin of its own: its route takes multipart bodies within the
 * instance's upload limits and slots (FILE_MAX_MB), as the documents' uploads do.
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
        description: `A client sends a payment receipt of their own company: multipart/form-data with one field 'file' (PDF, JPG or PNG recognised by its content, ${uploads.maxMegabytes} MB at most; 415 for anything else), and in the query the amount they paid (pesos: '150.000'), its date (not after today) and optionally the method and a note. It waits as a payment 'to_confirm' until the owner confirms or rejects it.`,
        querystring: ReceiptQuerySchema,
        response: { ...uploads.responses, 201: PaymentSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('billing:own'),
    },
    async (request, reply) => {
      const saved = await uploads.accept(request, reply, (files) =>
        receipts.upload(currentUser(request), request.query, files, actorOf(request)),
      );
      return reply.status(201).send(saved);
    },
  );
};
