import { and, asc, count, desc, eq, gt, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { anyOf, type SubjectPage } from '../../lib/subject-search.ts';
import { businessFiles, businessFolders, fileDownloads, fileRemovals } from './documents.tables.ts';

export type BusinessFileRow = typeof businessFiles.$inferSelect;
type Period = { year: number; month: number };

/**
 * SQL that another module's reads embed to judge its records by their files and folders (the
 * requests module's items): built here, so that only this module names its tables. Each takes
 * the reading query's own columns.
 */
export const filesSql = {
  /** Whether a client sent a file against the request item after `since` (any file, while `since` is null). */
  clientFileAfter(requestItemId: SQLWrapper, since: SQLWrapper): SQL<boolean> {
    return sql<boolean>`exists (
  select 1 from ${businessFiles}
  where ${businessFiles.requestItemId} = ${requestItemId}
    and ${businessFiles.fromClient}
    and (${since} is null or ${businessFiles.createdAt} > ${since})
)`;
  },

  /** The company folder of a period made from a folder template; null while it is not made. */
  companyFolderId(folder: {
    businessId: SQLWrapper;
    serviceFolderId: SQLWrapper;
    year: SQLWrapper;
    month: SQLWrapper;
  }): SQL<number | null> {
    return sql<number | null>`(
  select ${businessFolders.id} from ${businessFolders}
  where ${businessFolders.businessId} = ${folder.businessId}
    and ${businessFolders.serviceFolderId} = ${folder.serviceFolderId}
    and ${businessFolders.year} = ${folder.year}
    and ${businessFolders.month} = ${folder.month}
)`;
  },

  /** What `clientFileAfter` reads: a kept answer built with it is dropped when this changes. */
  clientFileTables: [businessFiles],
};

export const documentsRepository = {
  /**
   * The company's folders of the period for these templates, made on first sight: answers the
   * company folder id of each template.
   */
  async ensureFolders(
    db: DbOrTx,
    businessId: number,
    period: Period,
    templateIds: number[],
  ): Promise<Map<number, number>> {
    if (templateIds.length === 0) return new Map();
    const read = async () => {
      const rows = await db
        .select({ id: businessFolders.id, serviceFolderId: businessFolders.serviceFolderId })
        .from(businessFolders)
        .where(
          and(
            eq(businessFolders.businessId, businessId),
            eq(businessFolders.year, period.year),
            eq(businessFolders.month, period.month),
            inArray(businessFolders.serviceFolderId, templateIds),
          ),
        );
      return new Map(rows.map((row) => [row.serviceFolderId, row.id]));
    };
    // Reads first: a period already opened (the usual case) writes nothing and burns no ids.
    const existing = await read();
    const missing = templateIds.filter((id) => !existing.has(id));
    if (missing.length === 0) return existing;
    await db
      .insert(businessFolders)
      .values(missing.map((serviceFolderId) => ({ businessId, serviceFolderId, ...period })))
      .onConflictDoNothing(); // another request made them meanwhile: theirs are read below
    return read();
  },

  async findFolder(db: DbOrTx, id: number) {
    const [row] = await db.select().from(businessFolders).where(eq(businessFolders.id, id));
    return row;
  },

  listFiles(db: DbOrTx, businessFolderId: number): Promise<BusinessFileRow[]> {
    return db
      .select()
      .from(businessFiles)
      .where(eq(businessFiles.businessFolderId, businessFolderId))
      .orderBy(desc(businessFiles.createdAt), desc(businessFiles.id));
  },

  /** Files answering these request items, oldest first. */
  listItemFiles(db: DbOrTx, itemIds: number[]): Promise<BusinessFileRow[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(businessFiles)
      .where(inArray(businessFiles.requestItemId, itemIds))
      .orderBy(businessFiles.createdAt, businessFiles.id);
  },

  /** Every file of a company's period, with the folder template it sits in ('Avisar al cliente'). */
  listFilesOfPeriod(db: DbOrTx, businessId: number, period: Period) {
    return db
      .select({ file: businessFiles, serviceFolderId: businessFolders.serviceFolderId })
      .from(businessFiles)
      .innerJoin(businessFolders, eq(businessFolders.id, businessFiles.businessFolderId))
      .where(
        and(
          eq(businessFolders.businessId, businessId),
          eq(businessFolders.year, period.year),
          eq(businessFolders.month, period.month),
        ),
      )
      .orderBy(businessFiles.id);
  },

  /**
   * Files whose folder's period is at or before a cutoff of its folder template (a month as
   * year × 12 + month − 1), of companies not among `excludedBusinessIds`: the oldest periods first,
   * at most `limit`.
   */
  listFilesUpTo(
    db: DbOrTx,
    cutoffs: readonly { serviceFolderId: number; lastMonth: number }[],
    excludedBusinessIds: readonly number[],
    limit: number,
  ) {
    if (cutoffs.length === 0) return Promise.resolve([]);
    const lastMonthOfFolder = sql`(select cutoff.last_month from unnest(${sql.param(
      cutoffs.map((c) => c.serviceFolderId),
    )}::int[], ${sql.param(cutoffs.map((c) => c.lastMonth))}::int[]) as cutoff(service_folder_id, last_month)
      where cutoff.service_folder_id = ${businessFolders.serviceFolderId})`;
    return db
      .select({
        id: businessFiles.id,
        name: businessFiles.name,
        size: businessFiles.size,
        businessId: businessFolders.businessId,
        serviceFolderId: businessFolders.serviceFolderId,
        year: businessFolders.year,
        month: businessFolders.month,
      })
      .from(businessFiles)
      .innerJoin(businessFolders, eq(businessFolders.id, businessFiles.businessFolderId))
      .where(
        and(
          sql`${businessFolders.year} * 12 + ${businessFolders.month} - 1 <= ${lastMonthOfFolder}`,
          excludedBusinessIds.length > 0
            ? sql`${businessFolders.businessId} <> all(${sql.param([...excludedBusinessIds])}::int[])`
            : undefined,
        ),
      )
      .orderBy(businessFolders.year, businessFolders.month, businessFolders.businessId, businessFiles.id)
      .limit(limit);
  },

  /**
   * A file with the company its folder belongs to; with `lock`, its row locked until the caller's
   * transaction ends (a replace or delete and an approval of the same file wait for each other).
   */
  async findFile(db: DbOrTx, id: number, options: { lock?: boolean } = {}) {
    const query = db
      .select({ file: businessFiles, businessId: businessFolders.businessId })
      .from(businessFiles)
      .innerJoin(businessFolders, eq(businessFolders.id, businessFiles.businessFolderId))
      .where(eq(businessFiles.id, id));
    const [row] = options.lock ? await query.for('update', { of: businessFiles }) : await query;
    return row;
  },

  /** A company's files, newest first, with the period of their folder (the approvals' file picker). */
  listFilesOfBusiness(db: DbOrTx, businessId: number, limit: number) {
    return db
      .select({
        id: businessFiles.id,
        name: businessFiles.name,
        size: businessFiles.size,
        createdAt: businessFiles.createdAt,
        year: businessFolders.year,
        month: businessFolders.month,
      })
      .from(businessFiles)
      .innerJoin(businessFolders, eq(businessFolders.id, businessFiles.businessFolderId))
      .where(eq(businessFolders.businessId, businessId))
      .orderBy(desc(businessFiles.createdAt), desc(businessFiles.id))
      .limit(limit);
  },

  /** 'Buscar titular': a page of the files these users uploaded, each with its company and folder's period. */
  filesUploadedBy(db: DbOrTx, userIds: number[], page: SubjectPage) {
    return db
      .select({
        id: businessFiles.id,
        name: businessFiles.name,
        size: businessFiles.size,
        contentType: businessFiles.contentType,
        createdAt: businessFiles.createdAt,
        fromClient: businessFiles.fromClient,
        retentionReason: businessFiles.retentionReason,
        businessId: businessFolders.businessId,
        serviceFolderId: businessFolders.serviceFolderId,
        year: businessFolders.year,
        month: businessFolders.month,
      })
      .from(businessFiles)
      .innerJoin(businessFolders, eq(businessFolders.id, businessFiles.businessFolderId))
      .where(
        and(
          anyOf(businessFiles.uploadedBy, userIds),
          page.afterId === undefined ? undefined : gt(businessFiles.id, page.afterId),
        ),
      )
      .orderBy(page.newestFirst ? desc(businessFiles.id) : asc(businessFiles.id))
      .limit(page.limit);
  },

  async countUploadedBy(db: DbOrTx, userIds: number[]): Promise<number> {
    const [row] = await db
      .select({ value: count() })
      .from(businessFiles)
      .where(anyOf(businessFiles.uploadedBy, userIds));
    return row?.value ?? 0;
  },

  /** Marks the files these users uploaded as kept, with the reason shown beside them: how many. */
  async keepUploadedBy(tx: DbOrTx, userIds: number[], reason: string): Promise<number> {
    const rows = await tx
      .update(businessFiles)
      .set({ retentionReason: reason })
      .where(anyOf(businessFiles.uploadedBy, userIds))
      .returning({ id: businessFiles.id });
    return rows.length;
  },

  /** The download log's name of these users replaced (a suppression's pseudonym): how many lines. */
  async renameDownloads(tx: DbOrTx, userIds: number[], name: string): Promise<number> {
    const rows = await tx
      .update(fileDownloads)
      .set({ issuedToName: name })
      .where(anyOf(fileDownloads.issuedTo, userIds))
      .returning({ id: fileDownloads.id });
    return rows.length;
  },

  /** Puts new bytes in place of a file's (the row, its id and its links stay). */
  async replaceFile(
    db: DbOrTx,
    id: number,
    values: Pick<BusinessFileRow, 'name' | 'storageKey' | 'size' | 'contentType' | 'uploadedBy'>,
  ): Promise<BusinessFileRow | undefined> {
    const [row] = await db.update(businessFiles).set(values).where(eq(businessFiles.id, id)).returning();
    return row;
  },

  async insertFiles(db: DbOrTx, rows: (typeof businessFiles.$inferInsert)[]): Promise<BusinessFileRow[]> {
    if (rows.length === 0) return [];
    return db.insert(businessFiles).values(rows).returning();
  },

  /** The row goes; its bytes are queued for removal by the trigger, in the same transaction. */
  async deleteFile(db: DbOrTx, id: number): Promise<boolean> {
    const rows = await db.delete(businessFiles).where(eq(businessFiles.id, id)).returning({ id: businessFiles.id });
    return rows.length > 0;
  },

  logDownload(db: DbOrTx, values: typeof fileDownloads.$inferInsert) {
    return db.insert(fileDownloads).values(values);
  },

  listDownloads(db: DbOrTx, fileId: number) {
    return db.select().from(fileDownloads).where(eq(fileDownloads.fileId, fileId)).orderBy(desc(fileDownloads.id));
  },

  listQueuedRemovals(db: DbOrTx, limit: number): Promise<string[]> {
    return db
      .select({ key: fileRemovals.storageKey })
      .from(fileRemovals)
      .orderBy(fileRemovals.queuedAt)
      .limit(limit)
      .then((rows) => rows.map((row) => row.key));
  },

  async forgetRemovals(db: DbOrTx, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await db.delete(fileRemovals).where(inArray(fileRemovals.storageKey, keys));
  },

  /** Which of these stored keys belong to a file row. */
  async keysWithRows(db: DbOrTx, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await db
      .select({ key: businessFiles.storageKey })
      .from(businessFiles)
      .where(inArray(businessFiles.storageKey, keys));
    return new Set(rows.map((row) => row.key));
  },

  /** Bytes stored for an upload whose rows never committed: queued like any other removal. */
  async queueRemovals(db: DbOrTx, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await db
      .insert(fileRemovals)
      .values(keys.map((storageKey) => ({ storageKey, queuedAt: sql`now()` })))
      .onConflictDoNothing();
  },
};
