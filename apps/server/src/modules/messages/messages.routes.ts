import { msg } from '@app/shared/messages';
import { messagesMsg } from '@app/shared/messages-messages';
import {
  AttachmentFiledSchema,
  AttachmentFileSchema,
  AttachmentParamsSchema,
  BusinessThreadParamsSchema,
  ConversationListSchema,
  ConversationsQuerySchema,
  MESSAGE_FILES_MAX,
  MESSAGE_TEXT_MAX,
  MessageCreateSchema,
  MessageEditSchema,
  MessageParamsSchema,
  MessageReadSavedSchema,
  MessageReadSchema,
  MessageSavedSchema,
  messageText,
  NotifySettingsSavedSchema,
  NotifySettingsSchema,
  ThreadPageSchema,
  ThreadQuerySchema,
  UnreadCountSchema,
} from '@app/shared/schemas/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/activity-actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/error-responses.ts';
import { attachmentHeader } from '../../lib/file-names.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { MessagesService } from './messages.service.ts';

const tags = ['messages'];
/** A message's text in a multipart form: up to MESSAGE_TEXT_MAX characters of up to 4 bytes each. */
const TEXT_FIELD_MAX_BYTES = MESSAGE_TEXT_MAX * 4 + 16;

/** The text field of a multipart message, read once the files are stored: 400 naming the field when wrong. */
function textOf(fields: ReadonlyMap<string, string>): string {
  const parsed = messageText.safeParse(fields.get('text'));
  if (parsed.success) return parsed.data;
  throw new AppError(400, parsed.error.issues[0]?.message ?? msg.badRequest, [
    { field: 'text', message: parsed.error.issues[0]?.message ?? msg.badRequest },
  ]);
}

/**
 * 'Mensajes': each company's thread with the firm. Every route needs 'messages:use' and the thread's
 * policy (a client of another company: 403); the inbox and filing into documents are staff's.
 */
export const messagesRoutes: FastifyPluginAsyncZod<{ messages: MessagesService; uploads: UploadReceiver }> = async (
  app,
  { messages, uploads },
) => {
  await uploads.registerParser(app, { fieldMaxBytes: TEXT_FIELD_MAX_BYTES });

  app.get(
    '/api/messages/conversations',
    {
      schema: {
        tags,
        description:
          "Staff's conversations: companies with messages, unread first, then the newest; `mias=true` only the user's companies ('Encargado'); `q` searches names and also lists companies without messages.",
        querystring: ConversationsQuerySchema,
        response: { 200: ConversationListSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:inbox'),
    },
    async (request) => messages.conversations(currentUser(request), request.query),
  );

  app.get(
    '/api/messages/unread',
    {
      schema: {
        tags,
        description:
          "The menu's badge: unread messages of the other side (staff: every thread; a client: their company's).",
        response: { 200: UnreadCountSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:use'),
    },
    async (request) => messages.unread(currentUser(request)),
  );

  app.get(
    '/api/messages/business/:businessId',
    {
      schema: {
        tags,
        description:
          "A page of the company's thread, oldest first: the newest `limite` messages (50 by default), or those before the message `antes` ('Cargar anteriores'), keyset-paged by id.",
        params: BusinessThreadParamsSchema,
        querystring: ThreadQuerySchema,
        response: { 200: ThreadPageSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:use'),
    },
    async (request) =>
      messages.thread(currentUser(request), request.params.businessId, {
        before: request.query.antes,
        limit: request.query.limite,
      }),
  );

  app.post(
    '/api/messages/business/:businessId',
    {
      schema: {
        tags,
        description: `A message into the company's thread: JSON \`{ text }\`, or multipart/form-data with the field 'text' and up to ${MESSAGE_FILES_MAX} fields 'file' (PDF, JPEG, PNG, XML, XLSX or CSV recognised by their content, ${uploads.maxMegabytes} MB each at most; 415 for anything else). A text or a file is required.`,
        params: BusinessThreadParamsSchema,
        response: { ...uploads.responses, 201: MessageSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:use'),
    },
    async (request, reply) => {
      const actor = currentUser(request);
      const { businessId } = request.params;
      // Refused before any byte of a file is read.
      messages.assertThread(actor, businessId);
      const item = request.isMultipart()
        ? await uploads.accept(request, reply, (files, fields) =>
            messages.post(actor, businessId, () => textOf(fields), files, actorOf(request)),
          )
        : await (async () => {
            const parsed = MessageCreateSchema.safeParse(request.body ?? {});
            if (!parsed.success) {
              const message = parsed.error.issues[0]?.message ?? msg.badRequest;
              throw new AppError(400, message, [{ field: 'text', message }]);
            }
            return messages.post(actor, businessId, () => parsed.data.text, [], actorOf(request));
          })();
      return reply.status(201).send({ message: messagesMsg.sent, item });
    },
  );

  app.put(
    '/api/messages/:messageId',
    {
      schema: {
        tags,
        description: "Corrects one's own message within 15 minutes of sending it; it shows 'editado'.",
        params: MessageParamsSchema,
        body: MessageEditSchema,
        response: { 200: MessageSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:use'),
    },
    async (request) => ({
      message: messagesMsg.edited,
      item: await messages.edit(currentUser(request), request.params.messageId, request.body.text, actorOf(request)),
    }),
  );

  app.delete(
    '/api/messages/:messageId',
    {
      schema: {
        tags,
        description: "Deletes one's own message: it stays as 'mensaje eliminado', its text and files are removed.",
        params: MessageParamsSchema,
        response: { 200: MessageSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:use'),
    },
    async (request) => ({
      message: messagesMsg.deleted,
      item: await messages.delete(currentUser(request), request.params.messageId, actorOf(request)),
    }),
  );

  app.post(
    '/api/messages/business/:businessId/read',
    {
      schema: {
        tags,
        description: "The user has read the company's thread up to this message (never moves back).",
        params: BusinessThreadParamsSchema,
        body: MessageReadSchema,
        response: { 200: MessageReadSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:use'),
    },
    async (request) => messages.markRead(currentUser(request), request.params.businessId, request.body.lastReadId),
  );

  app.get(
    '/api/messages/attachments/:attachmentId',
    {
      exposeHeadRoute: false,
      schema: {
        tags,
        description: "An attachment's bytes, for a reader of its thread.",
        params: AttachmentParamsSchema,
        response: errorResponses,
      },
      onRequest: app.authorize('messages:use'),
    },
    async (request, reply) => {
      const file = await messages.attachment(currentUser(request), request.params.attachmentId);
      return reply
        .type(file.contentType)
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentHeader(file.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.body as never); // a byte stream, outside the JSON response schemas
    },
  );

  app.post(
    '/api/messages/attachments/:attachmentId/file',
    {
      schema: {
        tags,
        description:
          "'Archivar en documentos': a copy of the attachment into the company's folder (`folderId`: the service's folder template) of a period.",
        params: AttachmentParamsSchema,
        body: AttachmentFileSchema,
        response: { 201: AttachmentFiledSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:inbox'),
    },
    async (request, reply) => {
      const { year, month, folderId } = request.body;
      const filed = await messages.file(
        currentUser(request),
        request.params.attachmentId,
        { year, month, folderId },
        actorOf(request),
      );
      return reply.status(201).send({
        message: messagesMsg.filed(filed.folderName, year, month),
        attachment: filed.attachment,
        file: filed.file,
      });
    },
  );

  app.get(
    '/api/messages/settings',
    {
      schema: { tags, response: { 200: NotifySettingsSchema, ...errorResponses } },
      onRequest: app.authorize('messages:inbox'),
    },
    async () => messages.settings(),
  );

  app.put(
    '/api/messages/settings',
    {
      schema: {
        tags,
        description: 'The minutes an unread message waits before the other side is e-mailed (1 to 1,440).',
        body: NotifySettingsSchema,
        response: { 200: NotifySettingsSavedSchema, ...errorResponses },
      },
      onRequest: app.authorize('messages:settings'),
    },
    async (request) => ({
      message: messagesMsg.settingsSaved,
      settings: await messages.saveSettings(request.body.notifyAfterMinutes, actorOf(request)),
    }),
  );
};
