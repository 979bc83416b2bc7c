import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';
import { MESSAGES_ROOM, type MessagesLiveDeps, sendMessageChanges } from './messages.events.ts';
import { messagesRepository } from './messages.repository.ts';
import { messagesRoutes } from './messages.routes.ts';
import { createMessagesService, type MessagesDeps } from './messages.service.ts';
import { type UnreadNoticeDeps, unreadNoticeJob } from './unread-notice.job.ts';

export interface MessagesModuleDeps
  extends Omit<MessagesDeps, 'events'>,
    Omit<UnreadNoticeDeps, 'log'>,
    Omit<MessagesLiveDeps, 'events' | 'log' | 'listClientUserIds'> {
  db: Db;
  events: EventBus;
  log: FastifyBaseLogger;
  /** The instance's multipart upload receiver (its slots shared with every upload route). */
  uploads: UploadReceiver;
}

/**
 * 'Mensajes': the firm's thread with each client company (text, attachments kept through the
 * documents module's storage and checks, read markers, live delivery, the unread notice by e-mail
 * and push). Other modules post a system line with `postSystemMessage`.
 */
export function createMessagesModule(deps: MessagesModuleDeps) {
  const messages = createMessagesService(deps.db, deps);
  return {
    /** A line of the app in a company's thread (centred, without author): `postSystemMessage(businessId, text, link?)`. */
    postSystemMessage: messages.postSystemMessage,
    /** The firm's messages in a company's thread that no client user has read (the monthly report). */
    pendingForClient: messages.pendingForClient,
    /** The documents' orphan sweep keeps the bytes attachments name. */
    attachmentKeysAmong: messages.attachmentKeysAmong,
    /** The demo and the bench write messages through these, under the API's rules. */
    post: messages.post,
    markRead: messages.markRead,
    /** Every thread read up to its newest message for a staff member who joins now (the users module's create). */
    catchUpNewStaff: (tx: DbOrTx, userId: number) => messagesRepository.markEveryThreadRead(tx, userId, new Date()),
    anyThread: messages.anyThread,
    /** 'Buscar titular' and 'Suprimir' (data-subjects module): a person's messages, and their author's name. */
    aboutSubject: messages.aboutSubject,
    newestAboutSubject: messages.newestAboutSubject,
    setAuthorNames: messages.setAuthorNames,
    setSystemTexts: messages.setSystemTexts,
    routes: (app: FastifyInstance) => app.register(messagesRoutes, { messages, uploads: deps.uploads }),
    live: { room: MESSAGES_ROOM, goLive: (live: LiveRooms) => sendMessageChanges(deps, live) },
    jobs: [unreadNoticeJob(deps.db, deps)],
  };
}
