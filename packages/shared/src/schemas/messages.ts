import { idField, idParam, plainText } from '../fields.ts';
import { messagesMsg } from '../messages-messages.ts';
import { z } from '../zod-setup.ts';
import { PeriodParamsSchema } from './monthly-states.ts';

/** The longest text of a message, in characters. */
export const MESSAGE_TEXT_MAX = 4000;
/** At most this many files attached to one message. */
export const MESSAGE_FILES_MAX = 10;
/** A message of one's own can be edited this long after it was sent (its text only; shown 'editado'). */
export const MESSAGE_EDIT_MINUTES = 15;
/** A thread's page: the newest messages first, older ones with 'Cargar anteriores'. */
export const MESSAGE_PAGE_DEFAULT = 50;
export const MESSAGE_PAGE_MAX = 200;
/** The minutes an unread message waits before the other side is e-mailed, by default and at most. */
export const NOTIFY_AFTER_MINUTES_DEFAULT = 15;
export const NOTIFY_AFTER_MINUTES_MAX = 1440;

/** Live events (Socket.IO): a new message, a message edited or deleted, a thread read by this user. */
export const MESSAGE_NEW_EVENT = 'messages new';
export const MESSAGE_CHANGED_EVENT = 'messages changed';
export const MESSAGES_READ_EVENT = 'messages read';

/** Who wrote a message: the firm's staff, the company's client users, or the app itself (a system line). */
export const MESSAGE_SIDES = ['staff', 'client', 'system'] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** A message's text: trimmed, at most MESSAGE_TEXT_MAX characters, '' when missing. */
export const messageText = plainText()
  .trim()
  .max(MESSAGE_TEXT_MAX, messagesMsg.tooLong(MESSAGE_TEXT_MAX))
  .nullish()
  .transform((value) => value ?? '');

export const BusinessThreadParamsSchema = z.object({ businessId: idParam() });
export const MessageParamsSchema = z.object({ messageId: idParam() });
export const AttachmentParamsSchema = z.object({ attachmentId: idParam() });

/** GET /api/messages/business/{businessId}?antes=&limite=: the page of messages before `antes` (a message id). */
export const ThreadQuerySchema = z.object({
  antes: idParam(messagesMsg.invalidCursor).optional(),
  limite: z.coerce
    .number({ error: messagesMsg.invalidCursor })
    .int(messagesMsg.invalidCursor)
    .min(1, messagesMsg.invalidCursor)
    .max(MESSAGE_PAGE_MAX, messagesMsg.invalidCursor)
    .optional(),
});
export type ThreadQuery = z.input<typeof ThreadQuerySchema>;

/** POST /api/messages/business/{businessId} as JSON (a message without files); with files it is multipart. */
export const MessageCreateSchema = z.object({ text: messageText });
export type MessageCreate = z.input<typeof MessageCreateSchema>;

/** PUT /api/messages/{messageId}: the corrected text. */
export const MessageEditSchema = z.object({
  text: plainText(messagesMsg.editNoText)
    .trim()
    .min(1, messagesMsg.editNoText)
    .max(MESSAGE_TEXT_MAX, messagesMsg.tooLong(MESSAGE_TEXT_MAX)),
});
export type MessageEdit = z.input<typeof MessageEditSchema>;

/** POST /api/messages/business/{businessId}/read: every message up to this id is read by the user. */
export const MessageReadSchema = z.object({ lastReadId: idField(messagesMsg.messageNotFound) });
export type MessageRead = z.input<typeof MessageReadSchema>;

/** POST /api/messages/attachments/{attachmentId}/file: the period and the folder (a service's folder template). */
export const AttachmentFileSchema = PeriodParamsSchema.extend({ folderId: idField(messagesMsg.folderNotFound) });
export type AttachmentFile = z.input<typeof AttachmentFileSchema>;

/** GET /api/messages/conversations?q=&mias=: staff's conversations. */
export const ConversationsQuerySchema = z.object({
  q: plainText().trim().max(100).optional(),
  /** 'Mis empresas': only companies where the user is 'Encargado'. */
  mias: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type ConversationsQuery = z.input<typeof ConversationsQuerySchema>;

export const NotifySettingsSchema = z.object({
  notifyAfterMinutes: z
    .number({ error: messagesMsg.invalidMinutes })
    .int(messagesMsg.invalidMinutes)
    .min(1, messagesMsg.invalidMinutes)
    .max(NOTIFY_AFTER_MINUTES_MAX, messagesMsg.invalidMinutes),
});
export type NotifySettings = z.infer<typeof NotifySettingsSchema>;
export const NotifySettingsSavedSchema = z.object({ message: z.string(), settings: NotifySettingsSchema });

export const MessageAttachmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** Where staff filed it ('Archivar en documentos'), or null. */
  filed: z.object({ year: z.number().int(), month: z.number().int(), folderName: z.string() }).nullable(),
});
export type MessageAttachment = z.infer<typeof MessageAttachmentSchema>;

export const MessageSchema = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  side: z.enum(MESSAGE_SIDES),
  /** The author as named when the message was written; null for a system line. */
  author: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  /** '' for a deleted message. */
  text: z.string(),
  /** A system line's link inside the app ('/solicitudes'), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  deleted: z.boolean(),
  attachments: z.array(MessageAttachmentSchema),
});
export type Message = z.infer<typeof MessageSchema>;

/** A thread's page: the messages oldest first, whether older ones exist, what the other side has read. */
export const ThreadPageSchema = z.object({
  business: z.object({ id: z.number().int(), name: z.string() }),
  messages: z.array(MessageSchema),
  hasOlder: z.boolean(),
  /** The newest message id the user has read (0 when none). */
  lastReadId: z.number().int(),
  /** The newest message id anyone of the other side has read (0 when none): 'Visto'. */
  otherSideReadId: z.number().int(),
  /** How many client users the company has: with none, nobody of the company reads the thread. */
  clientUsers: z.number().int(),
});
export type ThreadPage = z.infer<typeof ThreadPageSchema>;

export const MessageSavedSchema = z.object({ message: z.string(), item: MessageSchema });
export type MessageSaved = z.infer<typeof MessageSavedSchema>;

export const MessageReadSavedSchema = z.object({ lastReadId: z.number().int(), unread: z.number().int() });

export const AttachmentFiledSchema = z.object({
  message: z.string(),
  attachment: MessageAttachmentSchema,
  file: z.object({ id: z.number().int(), name: z.string() }),
});
export type AttachmentFiled = z.infer<typeof AttachmentFiledSchema>;

export const ConversationSchema = z.object({
  businessId: z.number().int(),
  businessName: z.string(),
  responsibleUserId: z.number().int().nullable(),
  unread: z.number().int(),
  /** The newest message (a deleted one shows as such), null for a company without messages (a search). */
  last: z
    .object({
      id: z.number().int(),
      at: z.string(),
      side: z.enum(MESSAGE_SIDES),
      preview: z.string(),
      deleted: z.boolean(),
      attachments: z.number().int(),
    })
    .nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;
export const ConversationListSchema = z.object({ conversations: z.array(ConversationSchema), truncated: z.boolean() });
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** GET /api/messages/unread: staff every thread's unread messages from clients; a client their own thread's. */
export const UnreadCountSchema = z.object({ total: z.number().int(), threads: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCountSchema>;

/** Live payloads. */
export const MessageEventSchema = z.object({ businessId: z.number().int(), item: MessageSchema });
export type MessageEvent = z.infer<typeof MessageEventSchema>;
export type MessagesReadEvent = { businessId: number; lastReadId: number };
