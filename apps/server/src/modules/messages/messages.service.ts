import type { Readable } from 'node:stream';
import { compareNames } from '@app/shared/collator';
import { msg } from '@app/shared/messages';
import { messagesMsg } from '@app/shared/messages-messages';
import type { Period } from '@app/shared/period';
import { can, isStaff } from '@app/shared/permissions';
import {
  type Conversation,
  type ConversationList,
  MESSAGE_EDIT_MINUTES,
  MESSAGE_FILES_MAX,
  MESSAGE_PAGE_DEFAULT,
  MESSAGE_TEXT_MAX,
  type Message,
  type MessageAttachment,
  NOTIFY_AFTER_MINUTES_DEFAULT,
  type ThreadPage,
  type UnreadCount,
} from '@app/shared/schemas/messages';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type ActivityActor, SYSTEM_ACTOR } from '../../lib/activity-actor.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/auth-user.ts';
import { isForeignKeyViolation } from '../../lib/db-errors.ts';
import type { EventBus } from '../../lib/events.ts';
import type { IncomingFile } from '../../lib/multipart-uploads.ts';
import type { NewestPage, SubjectMatch, SubjectPage } from '../../lib/subject-search.ts';
import {
  type AttachmentRow,
  type MessageRow,
  type ReaderSide,
  messagesRepository as repository,
} from './messages.repository.ts';

/** What a message may carry: every kind the documents accept (a phone's photo is a JPEG or a PNG). */
export const ATTACHMENT_KINDS = ['pdf', 'xml', 'jpg', 'png', 'xlsx', 'csv'] as const;
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number];

/** A company as the thread needs it. */
interface Company {
  id: number;
  name: string;
  responsibleUserId: number | null;
}

export interface MessagesDeps {
  events: Pick<EventBus, 'emit'>;
  now?: () => Date;
  /** FILE_MAX_MB: the documents' limit, the same for attachments. */
  maxMegabytes: number;
  /** The companies module: the company (404 when missing) and every company. */
  getBusiness(id: number): Promise<Company>;
  listBusinesses(): Promise<Company[]>;
  /** The users module: the ids of the company's client users. */
  listClientUserIds(businessId: number): Promise<number[]>;
  /** The users module: a user's name as the thread shows its author. */
  nameOf(userId: number): Promise<{ name: string; lastName: string }>;
  /** The documents module: one file streamed to storage, recognised by its content, refused unless of `kinds`. */
  storeLooseFile(
    file: IncomingFile,
    options: { maxMegabytes: number; kinds: readonly AttachmentKind[]; refusal: () => Error },
  ): Promise<{ key: string; name: string; size: number; contentType: string }>;
  /** The documents module: removes bytes no row names any more. */
  removeStoredBytes(keys: string[]): Promise<void>;
  /** File storage: a stored attachment's bytes, null when missing. */
  openStored(key: string): Promise<Readable | null>;
  /** The documents module's folder view: 404 for a folder the company does not have that period, 400 for a future period. */
  viewFolder(
    actor: AuthUser,
    businessId: number,
    period: Period,
    folderId: number,
  ): Promise<{ folder: { name: string } | null }>;
  /** The documents module: files into a company folder of a period, its rows written after `inTransaction`. */
  storeFiles(
    actor: AuthUser,
    target: { businessId: number; period: Period; serviceFolderId: number; requestItemId: null },
    files: Iterable<IncomingFile>,
    options: {
      maxMegabytes: number;
      by: ActivityActor;
      inTransaction: (tx: DbOrTx) => Promise<void>;
      whenGone: () => Error;
    },
  ): Promise<{ id: number; name: string }[]>;
}

const sideOf = (actor: AuthUser): ReaderSide => (isStaff(actor.role) ? 'staff' : 'client');
const otherSide = (side: ReaderSide): ReaderSide => (side === 'staff' ? 'client' : 'staff');
const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Lower case without accents, for 'Buscar empresa'. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The inbox shows at most this many conversations (a search finds the others). */
export const CONVERSATIONS_MAX = 300;

function presentAttachment(row: AttachmentRow): MessageAttachment {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    contentType: row.contentType,
    filed:
      row.filedYear !== null && row.filedMonth !== null
        ? { year: row.filedYear, month: row.filedMonth, folderName: row.filedFolderName ?? '' }
        : null,
  };
}

export function presentMessage(row: MessageRow, attachments: AttachmentRow[]): Message {
  return {
    id: row.id,
    businessId: row.businessId,
    side: row.side,
    author: row.side === 'system' ? null : { id: row.authorId, name: row.authorName },
    text: row.body,
    link: row.link,
    createdAt: iso(row.createdAt),
    editedAt: row.editedAt ? iso(row.editedAt) : null,
    deleted: row.deletedAt !== null,
    attachments: attachments.map(presentAttachment),
  };
}

/**
 * 'Mensajes': the firm's thread with each client company. Staff reach every company's thread, a
 * client user only their own company's (policy 'messages:thread'). Messages carry text and files
 * (stored and recognised as the documents' uploads are); one's own message may be corrected for
 * MESSAGE_EDIT_MINUTES (shown 'editado') or deleted (the row stays as 'mensaje eliminado', its text
 * and files are removed). Each user's read marker per thread gives the unread counts.
 */
/** Messages with their attachments' names ('Buscar titular' lists and exports them). */
async function withAttachmentNames(tx: DbOrTx, rows: MessageRow[]) {
  const attachments = await repository.attachmentsOf(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    attachments: attachments.filter((file) => file.messageId === row.id).map((file) => file.name),
  }));
}

export function createMessagesService(db: Db, deps: MessagesDeps) {
  const now = deps.now ?? (() => new Date());

  /** 403 unless the actor may read the company's thread (a client of another company never may). */
  function assertThread(actor: AuthUser, businessId: number) {
    if (!can(actor, 'messages:thread', { businessId })) throw forbidden(msg.forbidden);
  }

  async function authorName(actor: AuthUser): Promise<string> {
    const user = await deps.nameOf(actor.id).catch(() => ({ name: '', lastName: '' }));
    return `${user.name} ${user.lastName}`.trim();
  }

  async function presentRows(rows: MessageRow[]): Promise<Message[]> {
    const attachments = await repository.attachmentsOf(
      db,
      rows.map((row) => row.id),
    );
    const byMessage = new Map<number, AttachmentRow[]>();
    for (const attachment of attachments) {
      const list = byMessage.get(attachment.messageId) ?? [];
      list.push(attachment);
      byMessage.set(attachment.messageId, list);
    }
    return rows.map((row) => presentMessage(row, byMessage.get(row.id) ?? []));
  }

  const announce = (kind: 'created' | 'changed', item: Message) => deps.events.emit('messages.changed', { kind, item });

  const activityDetails = (row: MessageRow, attachments: number) => ({
    characters: row.body.length,
    attachments,
  });

  /** A message the actor may change: their own, not deleted, not a system line; locked until the transaction ends. */
  async function ownMessage(tx: DbOrTx, actor: AuthUser, id: number): Promise<MessageRow> {
    const row = await repository.lock(tx, id);
    if (!row) throw notFound(messagesMsg.messageNotFound);
    assertThread(actor, row.businessId);
    if (row.side === 'system') throw conflict(messagesMsg.systemMessage);
    if (row.authorId !== actor.id) throw forbidden(messagesMsg.notOwn);
    if (row.deletedAt) throw conflict(messagesMsg.alreadyDeleted);
    return row;
  }

  /** Writes a message with its stored files in one transaction, and the author's read marker up to it. */
  async function write(
    author: { actor: AuthUser | null; side: 'staff' | 'client' | 'system'; name: string },
    businessId: number,
    input: {
      text: string;
      link?: string | null;
      files: { key: string; name: string; size: number; contentType: string }[];
    },
    by: ActivityActor,
  ): Promise<Message> {
    const at = now();
    const { row, attachments } = await db
      .transaction(async (tx) => {
        const row = await repository.insert(tx, {
          businessId,
          side: author.side,
          authorId: author.actor?.id ?? null,
          authorName: author.name,
          body: input.text,
          link: input.link ?? null,
          createdAt: at,
        });
        const attachments = await repository.insertAttachments(
          tx,
          input.files.map((file) => ({
            messageId: row.id,
            storageKey: file.key,
            name: file.name,
            size: file.size,
            contentType: file.contentType,
          })),
        );
        // Whoever writes has read the thread up to their own message.
        await repository.touchThread(
          tx,
          row,
          author.actor && author.side !== 'system' ? { userId: author.actor.id, side: author.side } : undefined,
        );
        await recordActivity(tx, by, {
          kind: 'message',
          action: 'created',
          recordId: row.id,
          recordLabel: messagesMsg.activityLabel(row.id),
          businessId,
          details: { after: activityDetails(row, attachments.length) },
        });
        return { row, attachments };
      })
      .catch((error: unknown) => {
        // The company named does not exist (or went meanwhile): its key refuses the message.
        if (isForeignKeyViolation(error)) throw notFound(messagesMsg.businessNotFound);
        throw error;
      });
    const item = presentMessage(row, attachments);
    announce('created', item);
    return item;
  }

  return {
    assertThread,

    /** GET /api/messages/business/{id}: the newest page (or the page before `before`), oldest first. */
    async thread(actor: AuthUser, businessId: number, query: { before?: number; limit?: number }): Promise<ThreadPage> {
      assertThread(actor, businessId);
      const limit = query.limit ?? MESSAGE_PAGE_DEFAULT;
      const side = sideOf(actor);
      const [business, rows, lastReadId, otherSideReadId, clientUsers] = await Promise.all([
        deps.getBusiness(businessId),
        repository.page(db, businessId, limit + 1, query.before),
        repository.lastReadOf(db, actor.id, businessId),
        repository.readBySide(db, businessId, otherSide(side)),
        deps.listClientUserIds(businessId),
      ]);
      const page = rows.slice(0, limit);
      const messages = await presentRows(page.reverse());
      return {
        business: { id: business.id, name: business.name },
        messages,
        hasOlder: rows.length > limit,
        lastReadId,
        otherSideReadId,
        clientUsers: clientUsers.length,
      };
    },

    /**
     * A message of the actor into a company's thread: its text and the files (each streamed to
     * storage as it arrives, recognised by its content, of the documents' kinds and size limit).
     * Either the message with every file is written or nothing is (stored bytes are removed).
     */
    async post(
      actor: AuthUser,
      businessId: number,
      readText: () => string,
      files: AsyncIterable<IncomingFile> | Iterable<IncomingFile>,
      by: ActivityActor,
    ): Promise<Message> {
      assertThread(actor, businessId);
      // A missing company is refused by the message's key when it is written (404), without a read first.
      const stored: { key: string; name: string; size: number; contentType: string }[] = [];
      try {
        for await (const file of files) {
          if (stored.length >= MESSAGE_FILES_MAX) throw badRequest(messagesMsg.tooManyFiles(MESSAGE_FILES_MAX), 'file');
          const saved = await deps.storeLooseFile(file, {
            maxMegabytes: deps.maxMegabytes,
            kinds: ATTACHMENT_KINDS,
            refusal: () => new AppError(415, messagesMsg.notAccepted),
          });
          stored.push({ key: saved.key, name: saved.name, size: saved.size, contentType: saved.contentType });
        }
        const text = readText();
        if (!text && stored.length === 0) throw badRequest(messagesMsg.empty, 'text');
        const side = sideOf(actor);
        return await write({ actor, side, name: await authorName(actor) }, businessId, { text, files: stored }, by);
      } catch (error) {
        if (stored.length) await deps.removeStoredBytes(stored.map((file) => file.key));
        throw error;
      }
    },

    /** A line of the app itself in a company's thread (centred, without author), e.g. an approval asked for. */
    async postSystemMessage(
      businessId: number,
      text: string,
      link: string | null = null,
      by: ActivityActor = SYSTEM_ACTOR,
    ): Promise<Message> {
      const line = text.trim();
      if (!line) throw badRequest(messagesMsg.empty, 'text');
      if (line.length > MESSAGE_TEXT_MAX) throw badRequest(messagesMsg.tooLong(MESSAGE_TEXT_MAX), 'text');
      return write({ actor: null, side: 'system', name: '' }, businessId, { text: line, link, files: [] }, by);
    },

    /** Corrects the text of one's own message within MESSAGE_EDIT_MINUTES; it shows 'editado' from then on. */
    async edit(actor: AuthUser, id: number, text: string, by: ActivityActor): Promise<Message> {
      const at = now();
      const { row, attachments } = await db.transaction(async (tx) => {
        const before = await ownMessage(tx, actor, id);
        if (at.getTime() - new Date(before.createdAt).getTime() > MESSAGE_EDIT_MINUTES * 60_000) {
          throw conflict(messagesMsg.editWindow(MESSAGE_EDIT_MINUTES));
        }
        const row = await repository.setText(tx, id, text, at);
        const attachments = await repository.attachmentsOf(tx, [id]);
        await recordActivity(tx, by, {
          kind: 'message',
          action: 'updated',
          recordId: id,
          recordLabel: messagesMsg.activityLabel(id),
          businessId: row.businessId,
          details: {
            before: { characters: before.body.length },
            after: { characters: row.body.length },
          },
        });
        return { row, attachments };
      });
      const item = presentMessage(row, attachments);
      announce('changed', item);
      return item;
    },

    /**
     * Deletes one's own message: the row stays, shown as 'mensaje eliminado', with its text emptied
     * and its attachments removed (rows in the transaction, bytes right after it).
     */
    async delete(actor: AuthUser, id: number, by: ActivityActor): Promise<Message> {
      const at = now();
      const { row, keys } = await db.transaction(async (tx) => {
        const before = await ownMessage(tx, actor, id);
        const attachments = await repository.attachmentsOf(tx, [id]);
        const deleted = await repository.markDeleted(tx, id, at);
        await recordActivity(tx, by, {
          kind: 'message',
          action: 'deleted',
          recordId: id,
          recordLabel: messagesMsg.activityLabel(id),
          businessId: before.businessId,
          details: { before: activityDetails(before, attachments.length) },
        });
        return deleted;
      });
      if (keys.length) await deps.removeStoredBytes(keys);
      const item = presentMessage(row, []);
      announce('changed', item);
      return item;
    },

    /** Marks the thread read up to `lastReadId` (at most its newest message) for the actor. */
    async markRead(
      actor: AuthUser,
      businessId: number,
      lastReadId: number,
    ): Promise<{ lastReadId: number; unread: number }> {
      assertThread(actor, businessId);
      const side = sideOf(actor);
      const [, newest] = await Promise.all([deps.getBusiness(businessId), repository.newestId(db, businessId)]);
      const upTo = Math.min(lastReadId, newest);
      const stored =
        upTo > 0
          ? await repository.markRead(db, { userId: actor.id, businessId, side, lastReadId: upTo, at: now() })
          : 0;
      const unread = await repository.unread(db, actor.id, side, businessId);
      deps.events.emit('messages.read', { userId: actor.id, businessId, lastReadId: stored });
      return { lastReadId: stored, unread: unread.total };
    },

    /** The monthly report's 'Mensajes esperando respuesta': the firm's messages no client user has read. */
    pendingForClient: (businessId: number): Promise<number> => repository.waitingForClient(db, businessId),

    /** GET /api/messages/unread: staff every thread's unread messages of clients; a client their company's. */
    async unread(actor: AuthUser): Promise<UnreadCount> {
      if (isStaff(actor.role)) return repository.unread(db, actor.id, 'staff');
      if (actor.businessId === null) return { total: 0, threads: 0 };
      return repository.unread(db, actor.id, 'client', actor.businessId);
    },

    /**
     * Staff's conversations: every company with messages (unread first, then the newest), only those
     * where the user is 'Encargado' with `mine`; a search by name also lists companies without
     * messages, so a conversation can be started.
     */
    async conversations(actor: AuthUser, query: { q?: string; mias: boolean }): Promise<ConversationList> {
      const [companies, rows] = await Promise.all([
        deps.listBusinesses(),
        repository.conversations(db, actor.id, 'staff'),
      ]);
      const threads = new Map(rows.map((row) => [row.businessId, row]));
      const needle = query.q ? folded(query.q) : '';
      const list: (Conversation & { sortAt: number })[] = [];
      for (const company of companies) {
        if (query.mias && company.responsibleUserId !== actor.id) continue;
        if (needle && !folded(company.name).includes(needle)) continue;
        const thread = threads.get(company.id);
        if (!thread && !needle) continue;
        list.push({
          businessId: company.id,
          businessName: company.name,
          responsibleUserId: company.responsibleUserId,
          unread: thread?.unread ?? 0,
          last: thread
            ? {
                id: thread.lastMessageId,
                at: iso(thread.lastAt),
                side: thread.lastSide,
                preview: thread.lastDeleted ? '' : thread.lastBody,
                deleted: thread.lastDeleted,
                attachments: thread.lastAttachments,
              }
            : null,
          sortAt: thread ? new Date(thread.lastAt).getTime() : 0,
        });
      }
      list.sort(
        (a, b) =>
          Number(b.unread > 0) - Number(a.unread > 0) ||
          b.sortAt - a.sortAt ||
          compareNames(a.businessName, b.businessName),
      );
      return {
        conversations: list.slice(0, CONVERSATIONS_MAX).map(({ sortAt: _, ...conversation }) => conversation),
        truncated: list.length > CONVERSATIONS_MAX,
      };
    },

    /** An attachment's bytes for a reader of its thread. */
    async attachment(
      actor: AuthUser,
      id: number,
    ): Promise<{ name: string; contentType: string; size: number; body: Readable }> {
      const found = await repository.findAttachment(db, id);
      if (!found) throw notFound(messagesMsg.attachmentNotFound);
      assertThread(actor, found.message.businessId);
      const body = await deps.openStored(found.attachment.storageKey);
      if (!body) throw notFound(messagesMsg.attachmentMissing);
      return {
        name: found.attachment.name,
        contentType: found.attachment.contentType,
        size: found.attachment.size,
        body,
      };
    },

    /**
     * 'Archivar en documentos': a copy of the attachment into the company's folder of a period (a
     * folder the company has that period), through the documents module; the attachment remembers
     * where it was filed. The copy is a document of its own: it stays when the message is deleted.
     */
    async file(
      actor: AuthUser,
      attachmentId: number,
      target: { year: number; month: number; folderId: number },
      by: ActivityActor,
    ): Promise<{ attachment: MessageAttachment; file: { id: number; name: string }; folderName: string }> {
      const found = await repository.findAttachment(db, attachmentId);
      if (!found) throw notFound(messagesMsg.attachmentNotFound);
      const { attachment, message } = found;
      assertThread(actor, message.businessId);
      const period = { year: target.year, month: target.month };
      const view = await deps.viewFolder(actor, message.businessId, period, target.folderId);
      const folderName = view.folder?.name ?? '';
      if (!view.folder) throw notFound(messagesMsg.folderNotFound);
      const content = await deps.openStored(attachment.storageKey);
      if (!content) throw notFound(messagesMsg.attachmentMissing);
      let filed: AttachmentRow | undefined;
      const files = await deps.storeFiles(
        actor,
        { businessId: message.businessId, period, serviceFolderId: target.folderId, requestItemId: null },
        [{ fileName: attachment.name, content }],
        {
          maxMegabytes: deps.maxMegabytes,
          by,
          whenGone: () => notFound(messagesMsg.folderNotFound),
          inTransaction: async (tx) => {
            // The message may have been deleted while the copy streamed: then nothing is filed.
            if (!(await repository.lockAttachment(tx, attachmentId))) throw notFound(messagesMsg.attachmentNotFound);
            filed = await repository.setFiled(tx, attachmentId, { ...period, folderName });
            await recordActivity(tx, by, {
              kind: 'message',
              action: 'filed',
              recordId: message.id,
              recordLabel: messagesMsg.activityLabel(message.id),
              businessId: message.businessId,
              details: { after: { period: `${period.month}/${period.year}`, folder: folderName } },
            });
          },
        },
      );
      const [file] = files;
      if (!filed || !file) throw new Error('filing wrote no row');
      const item = (await presentRows([(await repository.find(db, message.id)) ?? message]))[0];
      if (item) announce('changed', item);
      return { attachment: presentAttachment(filed), file: { id: file.id, name: file.name }, folderName };
    },

    async settings(): Promise<{ notifyAfterMinutes: number }> {
      return (await repository.settings(db)) ?? { notifyAfterMinutes: NOTIFY_AFTER_MINUTES_DEFAULT };
    },

    async saveSettings(notifyAfterMinutes: number, by: ActivityActor): Promise<{ notifyAfterMinutes: number }> {
      const before = await this.settings();
      await db.transaction(async (tx) => {
        await repository.saveSettings(tx, notifyAfterMinutes);
        await recordActivity(tx, by, {
          kind: 'settings',
          action: 'changed',
          recordLabel: messagesMsg.title,
          details: { before, after: { notifyAfterMinutes } },
        });
      });
      return { notifyAfterMinutes };
    },

    /** Whether any company has a thread yet. */
    anyThread: () => repository.anyThread(db),

    /** Of these storage keys, those an attachment names. */
    attachmentKeysAmong: (keys: string[]) => repository.keysAmong(db, keys),

    /** 'Buscar titular': a page of the messages the person wrote or that name them, each with its attachments' names. */
    aboutSubject: async (match: SubjectMatch, page: SubjectPage, tx: DbOrTx = db) =>
      withAttachmentNames(tx, await repository.aboutSubject(tx, match, page)),
    /** How many messages name the person, and the newest `limit` of them. */
    async newestAboutSubject(match: SubjectMatch, page: NewestPage, tx: DbOrTx = db) {
      const { count, rows } = await repository.newestAboutSubject(tx, match, page);
      return { count, rows: await withAttachmentNames(tx, rows) };
    },
    /**
     * A suppression's pseudonym as the author of these messages, in the caller's transaction. The
     * text stays as written: it is the firm's correspondence with the company.
     */
    setAuthorNames: (tx: DbOrTx, changes: { id: number; authorName: string }[]) =>
      repository.setAuthorNames(tx, changes),
    /** The app's own lines that named the person ('Ana Pérez aprobó…'), with the pseudonym; only system lines. */
    setSystemTexts: (tx: DbOrTx, changes: { id: number; body: string }[]) => repository.setSystemTexts(tx, changes),
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
