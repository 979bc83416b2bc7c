import { ApiErrorSchema, MessageSchema } from '@app/shared/errors';
import { documentsMsg } from '@app/shared/messages-documents';
import { mailMsg } from '@app/shared/messages-mail';
import {
  BusinessFolderIdParamSchema,
  BusinessFolderParamsSchema,
  BusinessFolderPeriodParamsSchema,
  FileDownloadListSchema,
  FileIdParamSchema,
  FolderViewSchema,
  NotifyClientResponseSchema,
  UploadResponseSchema,
} from '@app/shared/schemas/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { DocumentsService } from './documents.service.ts';

/** Documents: staff browse, upload and delete; a client reads their own company's active folders. */
export const documentsRoutes: FastifyPluginAsyncZod<{
  documents: DocumentsService;
  /** The instance's multipart upload receiver (its slots shared with every upload route). */
  uploads: UploadReceiver;
}> = async (app, { documents, uploads }) => {
  await uploads.registerParser(app);

  // Staff browse any company; a client only their own (checked in the service).
  for (const withFolder of [false, true]) {
    app.get(
      withFolder
        ? '/api/business/:businessId/folder/:folderId/year/:year/month/:month'
        : '/api/business/:businessId/folder/year/:year/month/:month',
      {
        schema: {
          tags: ['documents'],
          params: withFolder ? BusinessFolderParamsSchema : BusinessFolderPeriodParamsSchema,
          response: { 200: FolderViewSchema, ...errorResponses },
        },
        onRequest: app.authenticate,
      },
      async (request) => {
        const params = request.params as { businessId: number; folderId?: number; year: number; month: number };
        return documents.view(
          currentUser(request),
          params.businessId,
          { year: params.year, month: params.month },
          params.folderId,
        );
      },
    );
  }

  app.post(
    '/api/business-folder/:businessFolderId/file',
    {
      schema: {
        tags: ['documents'],
        description: `Staff into any company folder; a client into a folder of their own company they see whose template allows client uploads ('El cliente puede subir'). ${uploads.description}`,
        params: BusinessFolderIdParamSchema,
        response: uploads.responses,
      },
      onRequest: app.authenticate,
    },
    (request, reply) =>
      uploads.receive(request, reply, (files) =>
        documents.upload(
          currentUser(request),
          request.params.businessFolderId,
          files,
          { maxMegabytes: uploads.maxMegabytes },
          actorOf(request),
        ),
      ),
  );

  app.delete(
    '/api/business-folder/file/:id',
    {
      schema: {
        tags: ['documents'],
        description:
          'Staff delete any file; a client only one they sent, of their own company, while the request item it answers is not received.',
        params: FileIdParamSchema,
        response: { 200: MessageSchema, ...errorResponses },
      },
      onRequest: app.authenticate,
    },
    async (request) => {
      await documents.deleteFile(currentUser(request), request.params.id, actorOf(request));
      return { message: documentsMsg.fileDeleted };
    },
  );

  app.put(
    '/api/business-folder/file/:id',
    {
      schema: {
        tags: ['documents'],
        description: `'Reemplazar' (staff): one new file in place of the file's bytes; its id, folder and links stay. 409 when the client approved the file (a new version is uploaded as a new file and approved anew). ${uploads.description}`,
        params: FileIdParamSchema,
        response: { ...uploads.responses, 200: UploadResponseSchema, 409: ApiErrorSchema },
      },
      onRequest: app.authorize('documents:manage'),
    },
    async (request, reply) => {
      const file = await uploads.accept(request, reply, (files) =>
        documents.replaceFile(
          currentUser(request),
          request.params.id,
          files,
          { maxMegabytes: uploads.maxMegabytes },
          actorOf(request),
        ),
      );
      return { message: documentsMsg.fileReplaced, count: 1, files: [file] };
    },
  );

  app.get(
    '/api/business-folder/file/:id/downloads',
    {
      schema: {
        tags: ['documents'],
        params: FileIdParamSchema,
        response: { 200: FileDownloadListSchema, ...errorResponses },
      },
      onRequest: app.authorize('documents:manage'),
    },
    async (request) => ({ rows: await documents.downloads(request.params.id) }),
  );

  app.post(
    '/api/business/:businessId/folder/year/:year/month/:month/notify',
    {
      schema: {
        tags: ['documents'],
        description:
          "'Avisar al cliente': e-mails the company's contacts a signed link (on APP_URL) to each file of the period; delivery 'outbox' when SMTP_URL is unset.",
        params: BusinessFolderPeriodParamsSchema,
        response: { 200: NotifyClientResponseSchema, 502: ApiErrorSchema, ...errorResponses },
      },
      onRequest: app.authorize('documents:manage'),
    },
    async (request) => {
      const { businessId, year, month } = request.params;
      const sent = await documents.notifyClient(currentUser(request), businessId, { year, month });
      return { message: sent.delivery === 'outbox' ? mailMsg.savedToOutbox : documentsMsg.clientNotified, ...sent };
    },
  );

  // The link is the credential: no session needed, so a client can open it from an e-mail.
  // No HEAD route: it would open the file and log a download that never happened (a resumed
  // download asks GET with Range).
  app.get(
    '/api/download/:token',
    {
      exposeHeadRoute: false,
      schema: {
        tags: ['documents'],
        description:
          'A signed, expiring download link: 403 when tampered with, 410 when expired. The file streams from storage; `Range: bytes=a-b` answers 206 with those bytes, a range outside the file 416.',
        params: z.object({ token: z.string().max(2048) }),
        response: { 410: ApiErrorSchema, 416: ApiErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Anonymous: the link, not a session, names who may have it.
      const file = await documents.download(
        request.params.token,
        { userId: null, ip: request.ip },
        request.headers.range,
      );
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      if (file.unsatisfiable) {
        return reply
          .status(416)
          .header('content-range', `bytes */${file.size}`)
          .send({ message: documentsMsg.rangeNotSatisfiable });
      }
      const { range } = file;
      if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
      return reply
        .type(file.contentType)
        .header('content-length', String(range ? range.end - range.start + 1 : file.size))
        .header('content-disposition', attachmentHeader(file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.body as never); // a byte stream, outside the JSON response schemas
    },
  );
};
