import { and, asc, count, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { anyOf, joinedText, type SubjectMatch, subjectReads, textMentions } from '../../lib/subject-search.ts';
import { emailLog, emailRetries } from './email.tables.ts';

/** A log entry as stored; the service adds its company's and sender's names (their modules). */
export type EmailLogEntry = typeof emailLog.$inferSelect;

export type EmailLogRow = EmailLogEntry & {
  business: { id: number; name: string } | null;
  /** The sender's name (null when the sender was deleted, or for the scheduler's sends). */
  sender: { id: number; name: string } | null;
};

/** Where a batch of the export ended: the last entry's created_at (as PostgreSQL's text) and id. */
export interface EmailLogCursor {
  createdAt: string;
  id: number;
}

/** 'Buscar titular': the mails the person's account sent, or whose recipients, subject or text name them. */
const aboutSubject = (match: SubjectMatch) => [
  anyOf(emailLog.sentBy, match.userIds),
  textMentions(joinedText(emailLog.emails, emailLog.subject, emailLog.content), match),
];

/** 'Buscar titular': a page of the rows naming the person, and their count with the newest rows. */
const subjectRows = subjectReads(emailLog, emailLog.id, aboutSubject, (db: DbOrTx, ids, newestFirst) =>
  db
    .select()
    .from(emailLog)
    .where(inArray(emailLog.id, ids))
    .orderBy(newestFirst ? desc(emailLog.id) : asc(emailLog.id)),
);

export const emailRepository = {
  ...subjectRows,

  /** A suppression's masked entries; their pending retries are dropped (answers how many). */
  async mask(tx: DbOrTx, changes: { id: number; emails: string; subject: string; content: string }[]): Promise<number> {
    for (const change of changes) {
      await tx
        .update(emailLog)
        .set({ emails: change.emails, subject: change.subject, content: change.content })
        .where(eq(emailLog.id, change.id));
    }
    if (changes.length === 0) return 0;
    const dropped = await tx
      .delete(emailRetries)
      .where(
        inArray(
          emailRetries.emailLogId,
          changes.map((change) => change.id),
        ),
      )
      .returning({ id: emailRetries.emailLogId });
    return dropped.length;
  },

  /** A failed send's outcome after a retry: the entry shows the latest answer. */
  async setOutcome(db: DbOrTx, id: number, outcome: { ok: boolean; providerResponse: string }): Promise<void> {
    await db.update(emailLog).set(outcome).where(eq(emailLog.id, id));
  },

  async scheduleRetry(db: DbOrTx, retry: typeof emailRetries.$inferInsert): Promise<void> {
    await db.insert(emailRetries).values(retry);
  },

  /** Takes the retries due at `now` (deleting them claims them: another instance gets none of them). */
  claimRetriesDue(db: DbOrTx, now: Date) {
    return db.delete(emailRetries).where(lte(emailRetries.nextAttemptAt, now)).returning();
  },

  async insert(db: DbOrTx, values: typeof emailLog.$inferInsert): Promise<number> {
    const [row] = await db.insert(emailLog).values(values).returning({ id: emailLog.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async findById(db: DbOrTx, id: number): Promise<EmailLogEntry | undefined> {
    const [row] = await db.select().from(emailLog).where(eq(emailLog.id, id));
    return row;
  },

  /** The outcome columns of some entries (what became of each e-mail). */
  outcomes(db: DbOrTx, ids: number[]) {
    return db
      .select({ id: emailLog.id, ok: emailLog.ok, providerResponse: emailLog.providerResponse })
      .from(emailLog)
      .where(inArray(emailLog.id, ids));
  },

  /** One page, newest first, optionally of one company; with the total count for the pager. */
  async page(db: DbOrTx, options: { limit: number; offset: number; businessId?: number }) {
    const where = options.businessId === undefined ? undefined : eq(emailLog.businessId, options.businessId);
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(emailLog)
        .where(where)
        .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
        .limit(options.limit)
        .offset(options.offset),
      db.select({ value: count() }).from(emailLog).where(where),
    ]);
    return { count: total?.value ?? 0, rows };
  },

  /**
   * The entries after `after` (newest first), `limit` at a time, optionally of one company: the
   * export reads the whole log in batches by (created_at, id), so memory stays flat at any size.
   * Each entry comes with its cursor: created_at as PostgreSQL's text (microseconds and offset kept,
   * which a JavaScript Date would cut to milliseconds and so skip entries of the same millisecond).
   */
  async batchAfter(
    db: DbOrTx,
    options: { limit: number; businessId?: number; after?: EmailLogCursor },
  ): Promise<{ row: EmailLogEntry; cursor: EmailLogCursor }[]> {
    const { after } = options;
    const rows = await db
      .select({ ...getTableColumns(emailLog), cursorAt: sql<string>`${emailLog.createdAt}::text` })
      .from(emailLog)
      .where(
        and(
          options.businessId === undefined ? undefined : eq(emailLog.businessId, options.businessId),
          after
            ? sql`(${emailLog.createdAt}, ${emailLog.id}) < (${after.createdAt}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(emailLog.createdAt), desc(emailLog.id))
      .limit(options.limit);
    return rows.map(({ cursorAt, ...row }) => ({
      row,
      cursor: { createdAt: cursorAt, id: row.id },
    }));
  },
};
