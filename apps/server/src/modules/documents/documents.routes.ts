import { ApiErrorSchema, MessageSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
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
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader, looksLikePdf } from '../../lib/pdf-upload.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { UploadedPdf } from './documents.service.ts';

/** At most this many files in one upload. */
const MAX_FILES = 20;

/** Documents (spec 1 §7 "Client documents"; spec 2 §7 "Documents"; DESIGN.md §4, §6). */
export const documentsRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { documents } = context.services;
  const maxBytes = Math.round(context.config.FILE_MAX_MB * 1024 * 1024);
  await app.register(multipart, {
    limits: { fileSize: maxBytes, files: MAX_FILES, fields: 10, parts: MAX_FILES + 10 },
  });

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
        description: `multipart/form-data with the repeated field 'file': PDFs only (by content), ${context.config.FILE_MAX_MB} MB each at most.`,
        params: BusinessFolderIdParamSchema,
        response: { 201: UploadResponseSchema, 413: ApiErrorSchema, 415: ApiErrorSchema, ...errorResponses },
      },
      onRequest: app.authorize('documents:manage'),
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(415, msg.unsupportedMediaType);
      const pdfs: UploadedPdf[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          const bytes = await part.toBuffer();
          if (!looksLikePdf(bytes)) throw new AppError(415, documentsMsg.notPdf);
          pdfs.push({ fileName: part.filename, bytes });
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError(413, documentsMsg.tooLarge(context.config.FILE_MAX_MB));
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
          throw new AppError(413, documentsMsg.tooManyFiles);
        if (code?.startsWith('FST_')) throw new AppError(400, msg.badRequest);
        throw error;
      }
      const files = await documents.upload(currentUser(request), request.params.businessFolderId, pdfs);
      return reply.status(201).send({ message: documentsMsg.filesAdded(files.length), count: files.length, files });
    },
  );

  app.delete(
    '/api/business-folder/file/:id',
    {
      schema: { tags: ['documents'], params: FileIdParamSchema, response: { 200: MessageSchema, ...errorResponses } },
      onRequest: app.authorize('documents:manage'),
    },
    async (request) => {
      await documents.deleteFile(request.params.id);
      return { message: documentsMsg.fileDeleted };
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
  app.get(
    '/api/download/:token',
    {
      schema: {
        tags: ['documents'],
        description: 'A signed, expiring download link: 403 when tampered with, 410 when expired.',
        params: z.object({ token: z.string().max(2048) }),
        response: { 410: ApiErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const file = await documents.download(request.params.token);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentHeader(file.name))
        .header('cache-control', 'private, no-store')
        .send(file.bytes as never);
    },
  );
};
