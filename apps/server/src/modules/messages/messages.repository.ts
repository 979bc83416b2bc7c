import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { anyOf, joinedText, type SubjectMatch, subjectReads, textMentions } from '../../lib/subject-search.ts';
import { messageAttachments, messageReads, messageSettings, messages, messageThreads } from './messages.tables.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type AttachmentRow = typeof messageAttachments.$inferSelect;
export type NewAttachmentRow = typeof messageAttachments.$inferInsert;
/** The side a reader is on (a system line has no reader). */
export type ReaderSide = 'staff' | 'client';

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const first = <Row>(list: Row[]): Row => {
  const [row] = list;
  if (!row) throw new Error('statement returned no row');
  return row;
};

/** The sides whose messages a reader of `side` reads: a client the firm's (staff and system), staff the clients'. */
const writtenFor = (side: ReaderSide) =>
  side === 'client' ? sql`m.side in ('staff', 'system')` : sql`m.side = 'client'`;
const newestFor = (side: ReaderSide) => (side === 'client' ? sql`t.last_firm_id` : sql`t.last_client_id`);

export interface ConversationRow {
  businessId: number;
  lastMessageId: number;
  lastAt: Date | string;
  lastSide: 'staff' | 'client' | 'system';
  lastBody: string;
  lastDeleted: boolean;
  lastAttachments: number;
  unread: number;
}

export interface ClaimedNotice {
  id: number;
  businessId: number;
  side: 'staff' | 'client';
  notice: boolean;
}

/** 'Buscar titular': a page of the rows naming the person, and their count with the newest rows. */
const subjectRows = subjectReads(messages, messages.id, aboutSubject, (db: DbOrTx, ids, newestFirst) =>
  db
    .select()
    .from(messages)
    .where(inArray(messages.id, ids))
    .orderBy(newestFirst ? desc(messages.id) : asc(messages.id)),
);

export const messagesRepository = {
  async insert(tx: DbOrTx, values: NewMessageRow): Promise<MessageRow> {
    return first(await tx.insert(messages).values(values).returning());
  },

  /**
   * The thread's summary after a new message, and its author's read marker up to it (`reader`: none
   * for a system line), in one statement of the message's transaction (one round trip instead of two).
   */
  async touchThread(tx: DbOrTx, row: MessageRow, reader?: { userId: number; side: ReaderSide }): Promise<void> {
    const clientId = row.side === 'client' ? row.id : 0;
    const firmId = row.side === 'client' ? 0 : row.id;
    const at = new Date(row.createdAt).toISOString();
    const thread = sql`insert into message_threads (business_id, last_message_id, last_at, last_client_id, last_firm_id)
      values (${row.businessId}, ${row.id}, ${at}::timestamptz, ${clientId}, ${firmId})
      on conflict (business_id) do update set
        last_message_id = greatest(message_threads.last_message_id, excluded.last_message_id),
        last_at = greatest(message_threads.last_at, excluded.last_at),
        last_client_id = greatest(message_threads.last_client_id, excluded.last_client_id),
        last_firm_id = greatest(message_threads.last_firm_id, excluded.last_firm_id)`;
    if (!reader) {
      await tx.execute(thread);
      return;
    }
    await tx.execute(sql`with thread as (${thread} returning 1)
      insert into message_reads (user_id, business_id, side, last_read_id, read_at)
      values (${reader.userId}, ${row.businessId}, ${reader.side}, ${row.id}, ${at}::timestamptz)
      on conflict (user_id, business_id) do update set
        last_read_id = greatest(message_reads.last_read_id, excluded.last_read_id),
        side = excluded.side, read_at = excluded.read_at`);
  },

  async insertAttachments(tx: DbOrTx, values: NewAttachmentRow[]): Promise<AttachmentRow[]> {
    if (values.length === 0) return [];
    return tx.insert(messageAttachments).values(values).returning();
  },

  /** A page of the thread, newest first: `limit` messages before `before` (every message when absent). */
  page(db: DbOrTx, businessId: number, limit: number, before?: number): Promise<MessageRow[]> {
    return db
      .select()
      .from(messages)
      .where(
        before === undefined
          ? eq(messages.businessId, businessId)
          : and(eq(messages.businessId, businessId), lt(messages.id, before)),
      )
      .orderBy(desc(messages.id))
      .limit(limit);
  },

  attachmentsOf(db: DbOrTx, messageIds: number[]): Promise<AttachmentRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(messageAttachments)
      .where(inArray(messageAttachments.messageId, messageIds))
      .orderBy(messageAttachments.id);
  },

  async find(db: DbOrTx, id: number): Promise<MessageRow | undefined> {
    const [row] = await db.select().from(messages).where(eq(messages.id, id));
    return row;
  },

  /** The message locked until the transaction ends (an edit and a deletion at once run one after the other). */
  async lock(tx: DbOrTx, id: number): Promise<MessageRow | undefined> {
    const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    return row;
  },

  async setText(tx: DbOrTx, id: number, body: string, editedAt: Date): Promise<MessageRow> {
    return first(await tx.update(messages).set({ body, editedAt }).where(eq(messages.id, id)).returning());
  },

  /** Empties the message and removes its attachments' rows, answering their storage keys (the bytes go after commit). */
  async markDeleted(tx: DbOrTx, id: number, at: Date): Promise<{ row: MessageRow; keys: string[] }> {
    const removed = await tx
      .delete(messageAttachments)
      .where(eq(messageAttachments.messageId, id))
      .returning({ key: messageAttachments.storageKey });
    const row = first(
      await tx.update(messages).set({ body: '', link: null, deletedAt: at }).where(eq(messages.id, id)).returning(),
    );
    return { row, keys: removed.map((entry) => entry.key) };
  },

  async findAttachment(
    db: DbOrTx,
    id: number,
  ): Promise<{ attachment: AttachmentRow; message: MessageRow } | undefined> {
    const [found] = await db
      .select({ attachment: messageAttachments, message: messages })
      .from(messageAttachments)
      .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
      .where(eq(messageAttachments.id, id));
    return found;
  },

  /** The attachment locked (it may be deleted with its message meanwhile: undefined then). */
  async lockAttachment(tx: DbOrTx, id: number): Promise<AttachmentRow | undefined> {
    const [row] = await tx.select().from(messageAttachments).where(eq(messageAttachments.id, id)).for('update');
    return row;
  },

  async setFiled(
    tx: DbOrTx,
    id: number,
    filed: { year: number; month: number; folderName: string },
  ): Promise<AttachmentRow> {
    return first(
      await tx
        .update(messageAttachments)
        .set({ filedYear: filed.year, filedMonth: filed.month, filedFolderName: filed.folderName })
        .where(eq(messageAttachments.id, id))
        .returning(),
    );
  },

  /** A staff member's marker in every thread at its newest message (kept where one exists already). */
  async markEveryThreadRead(db: DbOrTx, userId: number, at: Date): Promise<void> {
    await db.execute(
      sql`insert into message_reads (user_id, business_id, side, last_read_id, read_at)
          select ${userId}, business_id, 'staff', last_message_id, ${at.toISOString()}::timestamptz from message_threads
          on conflict (user_id, business_id) do nothing`,
    );
  },

  /** Moves the user's marker forward to `lastReadId` (never back), answering where it stands. */
  async markRead(
    db: DbOrTx,
    read: { userId: number; businessId: number; side: ReaderSide; lastReadId: number; at: Date },
  ): Promise<number> {
    const [row] = await db
      .insert(messageReads)
      .values({ ...read, readAt: read.at })
      .onConflictDoUpdate({
        target: [messageReads.userId, messageReads.businessId],
        set: {
          lastReadId: sql`greatest(${messageReads.lastReadId}, excluded.last_read_id)`,
          side: sql`excluded.side`,
          readAt: sql`excluded.read_at`,
        },
      })
      .returning({ lastReadId: messageReads.lastReadId });
    return row?.lastReadId ?? read.lastReadId;
  },

  async lastReadOf(db: DbOrTx, userId: number, businessId: number): Promise<number> {
    const [row] = await db
      .select({ lastReadId: messageReads.lastReadId })
      .from(messageReads)
      .where(and(eq(messageReads.userId, userId), eq(messageReads.businessId, businessId)));
    return row?.lastReadId ?? 0;
  },

  /** The newest message anyone on `side` has read in the thread (0 when none). */
  async readBySide(db: DbOrTx, businessId: number, side: ReaderSide): Promise<number> {
    const [row] = await rows<{ id: number | null }>(
      db,
      sql`select max(last_read_id)::int as id from message_reads where business_id = ${businessId} and side = ${side}`,
    );
    return row?.id ?? 0;
  },

  /** The newest message id of the thread (0 when it has none). */
  async newestId(db: DbOrTx, businessId: number): Promise<number> {
    const [row] = await db
      .select({ id: messageThreads.lastMessageId })
      .from(messageThreads)
      .where(eq(messageThreads.businessId, businessId));
    return row?.id ?? 0;
  },

  /**
   * Every thread with its newest message and how many messages of the other side the user has not
   * read (deleted ones not counted); the count only scans the messages after the user's marker.
   */
  conversations(db: DbOrTx, userId: number, side: ReaderSide, businessId?: number): Promise<ConversationRow[]> {
    return rows<ConversationRow>(
      db,
      sql`select t.business_id as "businessId", t.last_message_id as "lastMessageId", t.last_at as "lastAt",
            lm.side as "lastSide", left(lm.body, 160) as "lastBody", (lm.deleted_at is not null) as "lastDeleted",
            (select count(*)::int from message_attachments a where a.message_id = lm.id) as "lastAttachments",
            case when ${newestFor(side)} > coalesce(r.last_read_id, 0) then
              (select count(*)::int from messages m
                where m.business_id = t.business_id and ${writtenFor(side)}
                  and m.id > coalesce(r.last_read_id, 0) and m.deleted_at is null)
            else 0 end as "unread"
          from message_threads t
          join messages lm on lm.id = t.last_message_id
          left join message_reads r on r.business_id = t.business_id and r.user_id = ${userId}
          ${businessId === undefined ? sql`` : sql`where t.business_id = ${businessId}`}`,
    );
  },

  /**
   * The firm's messages in a company's thread that none of its client users has read yet (after the
   * furthest client marker; deleted ones not counted): what awaits the client.
   */
  async waitingForClient(db: DbOrTx, businessId: number): Promise<number> {
    const [row] = await rows<{ count: number }>(
      db,
      sql`select count(*)::int as count from messages m
          where m.business_id = ${businessId} and m.side = 'staff' and m.deleted_at is null
            and m.id > coalesce((select max(r.last_read_id) from message_reads r
                                  where r.business_id = ${businessId} and r.side = 'client'), 0)`,
    );
    return row?.count ?? 0;
  },

  /** The user's unread messages (of the other side, not deleted) in every thread, or in one company's. */
  async unread(
    db: DbOrTx,
    userId: number,
    side: ReaderSide,
    businessId?: number,
  ): Promise<{ total: number; threads: number }> {
    const [row] = await rows<{ total: number | null; threads: number | null }>(
      db,
      sql`select coalesce(sum(u.n), 0)::int as total, count(*) filter (where u.n > 0)::int as threads from (
            select (select count(*) from messages m
                     where m.business_id = t.business_id and ${writtenFor(side)}
                       and m.id > coalesce(r.last_read_id, 0) and m.deleted_at is null) as n
            from message_threads t
            left join message_reads r on r.business_id = t.business_id and r.user_id = ${userId}
            where ${newestFor(side)} > coalesce(r.last_read_id, 0)
            ${businessId === undefined ? sql`` : sql`and t.business_id = ${businessId}`}
          ) u`,
    );
    return { total: row?.total ?? 0, threads: row?.threads ?? 0 };
  },

  /**
   * Claims the unread notices due: every message of staff or a client written at or before `cutoff`
   * and not yet claimed is marked claimed at `now`, in one statement, and answered once. `notice`
   * says whether the other side still had it unread (and it was not deleted): only those are told.
   * Two instances claiming at once: the second waits on the rows the first locked and then finds
   * them claimed, so each message is answered to one of them only.
   */
  claimNotices(db: DbOrTx, now: Date, cutoff: Date): Promise<ClaimedNotice[]> {
    return rows<ClaimedNotice>(
      db,
      sql`update messages m set notified_at = ${now.toISOString()}::timestamptz,
            notice = (m.deleted_at is null and not exists (
              select 1 from message_reads r
              where r.business_id = m.business_id and r.side <> m.side and r.last_read_id >= m.id))
          where m.notified_at is null and m.side <> 'system' and m.created_at <= ${cutoff.toISOString()}::timestamptz
          returning m.id, m.business_id as "businessId", m.side, m.notice`,
    );
  },

  async settings(db: DbOrTx): Promise<{ notifyAfterMinutes: number } | undefined> {
    const [row] = await db
      .select({ notifyAfterMinutes: messageSettings.notifyAfterMinutes })
      .from(messageSettings)
      .where(eq(messageSettings.id, 1));
    return row;
  },

  async saveSettings(db: DbOrTx, notifyAfterMinutes: number): Promise<void> {
    await db
      .insert(messageSettings)
      .values({ id: 1, notifyAfterMinutes })
      .onConflictDoUpdate({ target: messageSettings.id, set: { notifyAfterMinutes } });
  },

  /** Whether any company has a thread (the demo seeds them once). */
  async anyThread(db: DbOrTx): Promise<boolean> {
    const [row] = await db.select({ id: messageThreads.businessId }).from(messageThreads).limit(1);
    return row !== undefined;
  },

  ...subjectRows,

  /** New texts of the app's own lines, by id (a suppression's pseudonym); a person's message is never changed. */
  async setSystemTexts(tx: DbOrTx, changes: { id: number; body: string }[]): Promise<void> {
    for (const change of changes) {
      await tx
        .update(messages)
        .set({ body: change.body })
        .where(and(eq(messages.id, change.id), eq(messages.side, 'system')));
    }
  },

  /** New author names, by message id (a suppression's pseudonym in place of the person's name). */
  async setAuthorNames(tx: DbOrTx, changes: { id: number; authorName: string }[]): Promise<void> {
    for (const change of changes) {
      await tx.update(messages).set({ authorName: change.authorName }).where(eq(messages.id, change.id));
    }
  },

  /** Of these storage keys, those an attachment names (the documents' orphan sweep keeps them). */
  async keysAmong(db: DbOrTx, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const found = await db
      .select({ key: messageAttachments.storageKey })
      .from(messageAttachments)
      .where(inArray(messageAttachments.storageKey, keys));
    return new Set(found.map((row) => row.key));
  },
};

function aboutSubject(match: SubjectMatch) {
  return [anyOf(messages.authorId, match.userIds), textMentions(joinedText(messages.authorName, messages.body), match)];
}
