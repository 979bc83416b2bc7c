import { RequestItemIdParamSchema } from '@app/shared/schemas/requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { ItemUploadsService } from './item-uploads.service.ts';

/**
 * Files sent against a document request's items. A plugin of its own: only its route takes
 * multipart bodies, the other request routes keep refusing one.
 */
export const itemUploadsRoutes: FastifyPluginAsyncZod<{
  itemUploads: ItemUploadsService;
  /** The instance's multipart upload receiver (its slots shared with every upload route). */
  uploads: UploadReceiver;
}> = async (app, { itemUploads, uploads }) => {
  await uploads.registerParser(app);

  app.post(
    '/api/request-item/:id/file',
    {
      schema: {
        tags: ['documents', 'requests'],
        description: `Files answering a document request item: staff, or a client of the item's company, while the item is not received (400 once it is). They go into the company's folder of the request's period for the item's folder. ${uploads.description}`,
        params: RequestItemIdParamSchema,
        response: uploads.responses,
      },
      onRequest: app.authenticate,
    },
    (request, reply) =>
      uploads.receive(request, reply, (files) =>
        itemUploads.upload(
          currentUser(request),
          request.params.id,
          files,
          { maxMegabytes: uploads.maxMegabytes },
          actorOf(request),
        ),
      ),
  );
};
