import { ApiErrorSchema, MessageSchema } from '@app/shared/errors';
import { msg } from '@app/shared/messages';
import { documentsMsg } from '@app/shared/messages-documents';
import { mailMsg } from '@app/shared/messages-mail';
import type { StoredFile } from '@app/shared/schemas/documents';
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
import { RequestItemIdParamSchema } from '@app/shared/schemas/requests';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import { dropRestOfBody } from '../../lib/unread-body.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { DocumentsService, IncomingFile } from './documents.service.ts';
import type { FileRemover } from './file-removals.ts';
import { createUploadSlots } from './upload-slots.ts';

/** How often each instance looks for stored bytes without rows (besides at start-up). */
const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;

/** At most this many files in one upload: with FILE_MAX_MB each, the most a request can carry. */
export const MAX_FILES = 20;
/** Uploads streaming at once on one instance, and how many more may wait their turn (then 503). */
const UPLOAD_SLOTS = 4;
const UPLOAD_QUEUE = 32;
/**
 * An upload still unfinished after this long is cut (and its bytes removed): well under the orphan
 * sweep's hour, so the sweep never takes the bytes of an upload whose rows are yet to be written.
 */
export const UPLOAD_DEADLINE_MS = 30 * 60_000;

/** The multipart parser's own failures, in Spanish: limits are 413, anything malformed 400. */
function multipartFailure(error: unknown, maxMegabytes: number): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError(413, documentsMsg.tooLarge(maxMegabytes));
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, documentsMsg.tooManyFiles);
  }
  if (code?.startsWith('FST_')) return new AppError(400, msg.badRequest);
  return error;
}

/** Documents: staff browse, upload and delete; a client reads their own company's active folders. */
export const documentsRoutes: FastifyPluginAsyncZod<{
  documents: DocumentsService;
  fileRemover: FileRemover;
  /** FILE_MAX_MB: the largest file an upload may carry. */
  maxMegabytes: number;
}> = async (app, { documents, fileRemover, maxMegabytes }) => {
  const maxBytes = Math.round(maxMegabytes * 1024 * 1024);
  /** The most one upload request may carry (every file at its largest, with room for the parts' headers). */
  const maxRequestBytes = MAX_FILES * (maxBytes + 64 * 1024);
  // One byte over the limit reaches the upload's own check, which cuts the file off with 413.
  await app.register(multipart, {
    limits: { fileSize: maxBytes + 1, files: MAX_FILES, fields: 10, fieldSize: 1024, parts: MAX_FILES + 10 },
  });
  const slots = createUploadSlots(UPLOAD_SLOTS, UPLOAD_QUEUE);

  // Bytes a crash left without rows: swept at start-up (without holding it up) and every hour.
  const sweepOrphans = () =>
    fileRemover.sweepOrphans().then(
      ({ removed, partials }) => {
        if (removed + partials > 0) app.log.info({ removed, partials }, 'orphaned stored files removed');
      },
      (error: unknown) =>
        app.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'orphan sweep postponed'),
    );
  let orphanTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweepOrphans();
    orphanTimer = setInterval(sweepOrphans, ORPHAN_SWEEP_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(orphanTimer));

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

  /**
   * A multipart upload: waits for one of the upload slots (503 when too many wait), cuts it off
   * after UPLOAD_DEADLINE_MS, and hands the request's 'file' parts to `store` as they arrive.
   */
  async function receiveUpload(
    request: FastifyRequest,
    reply: FastifyReply,
    store: (files: AsyncIterable<IncomingFile>) => Promise<StoredFile[]>,
  ) {
    if (!request.isMultipart()) throw new AppError(415, msg.unsupportedMediaType);
    const release = await slots.acquire();
    if (!release) {
      reply.header('retry-after', '60');
      throw new AppError(503, documentsMsg.uploadsBusy);
    }
    const deadline = setTimeout(() => request.raw.destroy(), UPLOAD_DEADLINE_MS);
    try {
      async function* files(): AsyncGenerator<IncomingFile> {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          yield { fileName: part.filename, content: part.file };
        }
      }
      const stored = await store(files()).catch((error: unknown) => {
        dropRestOfBody(request.raw, reply.raw, maxRequestBytes);
        throw multipartFailure(error, maxMegabytes);
      });
      return reply
        .status(201)
        .send({ message: documentsMsg.filesAdded(stored.length), count: stored.length, files: stored });
    } finally {
      clearTimeout(deadline);
      release();
    }
  }

  const uploadLimits = `multipart/form-data with the repeated field 'file': PDF, XML (well-formed, no DOCTYPE), JPEG, PNG, XLSX or CSV, each recognised by its content (415 otherwise; its name gets the extension of what it is), ${maxMegabytes} MB each at most, ${MAX_FILES} files at most. Each file streams to storage; ${UPLOAD_SLOTS} uploads at once per instance, ${UPLOAD_QUEUE} more wait their turn, beyond that 503 with Retry-After.`;
  const uploadResponses = {
    201: UploadResponseSchema,
    413: ApiErrorSchema,
    415: ApiErrorSchema,
    503: ApiErrorSchema,
    507: ApiErrorSchema,
    ...errorResponses,
  };

  app.post(
    '/api/business-folder/:businessFolderId/file',
    {
      schema: {
        tags: ['documents'],
        description: `Staff into any company folder; a client into a folder of their own company they see whose template allows client uploads ('El cliente puede subir'). ${uploadLimits}`,
        params: BusinessFolderIdParamSchema,
        response: uploadResponses,
      },
      onRequest: app.authenticate,
    },
    (request, reply) =>
      receiveUpload(request, reply, (files) =>
        documents.upload(
          currentUser(request),
          request.params.businessFolderId,
          files,
          { maxMegabytes },
          actorOf(request),
        ),
      ),
  );

  app.post(
    '/api/request-item/:id/file',
    {
      schema: {
        tags: ['documents', 'requests'],
        description: `Files answering a document request item: staff, or a client of the item's company, while the item is not received (400 once it is). They go into the company's folder of the request's period for the item's folder. ${uploadLimits}`,
        params: RequestItemIdParamSchema,
        response: uploadResponses,
      },
      onRequest: app.authenticate,
    },
    (request, reply) =>
      receiveUpload(request, reply, (files) =>
        documents.uploadToItem(currentUser(request), request.params.id, files, { maxMegabytes }, actorOf(request)),
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
