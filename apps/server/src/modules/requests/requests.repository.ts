import type { Period } from '@app/shared/period';
import { and, asc, desc, eq, inArray, ne, type SQL, type SQLWrapper, sql, type Table } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { businesses } from '../businesses/businesses.tables.ts';
import { serviceFolders, services } from '../services/services.tables.ts';
import { documentRequestItems, documentRequests, requestTemplateItems, requestTemplates } from './requests.tables.ts';

export type TemplateRow = typeof requestTemplates.$inferSelect;
export type RequestRow = typeof documentRequests.$inferSelect;
export type RequestItemRow = typeof documentRequestItems.$inferSelect;

/** A template's item with its folder template's name. */
export interface TemplateItemRow {
  id: number;
  templateId: number;
  name: string;
  serviceFolderId: number;
  folderName: string;
}

/** A request with its company's name and RUT and its service's name. */
export interface RequestListRow extends RequestRow {
  businessName: string;
  businessRut: string;
  serviceName: string | null;
}

/** An item as listed: its folder's names and whether a client sent a file since staff last looked. */
export interface ItemListRow extends RequestItemRow {
  folderName: string;
  businessFolderId: number | null;
  sentSinceReview: boolean;
}

/** Rows per multi-row INSERT: far below PostgreSQL's 65,535 parameters per statement. */
const INSERT_CHUNK = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) out.push(rows.slice(start, start + INSERT_CHUNK));
  return out;
}

/**
 * What the reads of items embed of the documents module, which keeps the files sent against them
 * and the companies' folders (handed in, so that only that module names its tables).
 */
export interface ItemFilesSql {
  /** Whether a client sent a file against the item after `since` (any file, while `since` is null). */
  clientFileAfter(requestItemId: SQLWrapper, since: SQLWrapper): SQL<boolean>;
  /** The company folder of a period made from a folder template; null while it is not made. */
  companyFolderId(folder: {
    businessId: SQLWrapper;
    serviceFolderId: SQLWrapper;
    year: SQLWrapper;
    month: SQLWrapper;
  }): SQL<number | null>;
  /** What `clientFileAfter` reads: the kept answers built with it are dropped when it changes. */
  clientFileTables: readonly Table[];
}

/**
 * A client's file of the item newer than staff's last look at it (any, if never looked at): the
 * item awaits review. The same test for the lists and the to-review counts.
 */
const sentSinceReview = (files: ItemFilesSql) =>
  files.clientFileAfter(documentRequestItems.id, documentRequestItems.reviewedAt);

/** Requests whose items are not all received, or whose last item was received after `since`. */
const openOrCompletedSince = (since: Date) => sql`(
  exists (select 1 from ${documentRequestItems} where ${documentRequestItems.requestId} = ${documentRequests.id}
    and ${documentRequestItems.status} <> 'received')
  or (select max(${documentRequestItems.reviewedAt}) from ${documentRequestItems}
    where ${documentRequestItems.requestId} = ${documentRequests.id}) >= ${since.toISOString()}
)`;

/** What the to-review counts read besides the client files: their kept answer is dropped when one changes. */
export const TO_REVIEW_TABLES = [documentRequests, documentRequestItems];

/** What the month's list of summaries reads besides the client files (requests, their companies and services, items). */
export const SUMMARY_TABLES = [documentRequests, businesses, services, documentRequestItems];

export const requestsRepository = {
  // ---------- Templates ----------

  listTemplates(db: DbOrTx, serviceId: number): Promise<TemplateRow[]> {
    return db
      .select()
      .from(requestTemplates)
      .where(eq(requestTemplates.serviceId, serviceId))
      .orderBy(asc(requestTemplates.id));
  },

  /** The templates of these services, by id (the tax catalogue compares them). */
  listTemplatesOfServices(db: DbOrTx, serviceIds: number[]): Promise<TemplateRow[]> {
    if (serviceIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(requestTemplates)
      .where(inArray(requestTemplates.serviceId, serviceIds))
      .orderBy(asc(requestTemplates.id));
  },

  async findTemplate(db: DbOrTx, id: number): Promise<TemplateRow | undefined> {
    const [row] = await db.select().from(requestTemplates).where(eq(requestTemplates.id, id));
    return row;
  },

  async listTemplateItems(db: DbOrTx, templateIds: number[]): Promise<TemplateItemRow[]> {
    if (templateIds.length === 0) return [];
    return db
      .select({
        id: requestTemplateItems.id,
        templateId: requestTemplateItems.templateId,
        name: requestTemplateItems.name,
        serviceFolderId: requestTemplateItems.serviceFolderId,
        folderName: serviceFolders.name,
      })
      .from(requestTemplateItems)
      .innerJoin(serviceFolders, eq(serviceFolders.id, requestTemplateItems.serviceFolderId))
      .where(inArray(requestTemplateItems.templateId, templateIds))
      .orderBy(asc(requestTemplateItems.position), asc(requestTemplateItems.id));
  },

  async insertTemplate(db: DbOrTx, values: typeof requestTemplates.$inferInsert): Promise<TemplateRow> {
    const [row] = await db.insert(requestTemplates).values(values).returning();
    if (!row) throw new Error('template insert returned nothing');
    return row;
  },

  async updateTemplate(
    db: DbOrTx,
    id: number,
    values: Pick<TemplateRow, 'title' | 'dueDay' | 'sendDay'>,
  ): Promise<TemplateRow | undefined> {
    const [row] = await db.update(requestTemplates).set(values).where(eq(requestTemplates.id, id)).returning();
    return row;
  },

  async replaceTemplateItems(
    db: DbOrTx,
    templateId: number,
    items: { name: string; serviceFolderId: number }[],
  ): Promise<void> {
    await db.delete(requestTemplateItems).where(eq(requestTemplateItems.templateId, templateId));
    if (items.length === 0) return;
    await db.insert(requestTemplateItems).values(
      items.map((item, position) => ({
        templateId,
        name: item.name,
        serviceFolderId: item.serviceFolderId,
        position,
      })),
    );
  },

  async deleteTemplate(db: DbOrTx, id: number): Promise<boolean> {
    const deleted = await db
      .delete(requestTemplates)
      .where(eq(requestTemplates.id, id))
      .returning({ id: requestTemplates.id });
    return deleted.length > 0;
  },

  // ---------- Requests ----------

  /**
   * Inserts the requests of a template's send, skipping any (template, company, period) that
   * exists (a second or a parallel send): answers those this call inserted. Rows go in company
   * order, so parallel sends wait on the same keys in the same order and never deadlock.
   */
  async insertTemplateRequests(
    db: DbOrTx,
    rows: (typeof documentRequests.$inferInsert & { templateId: number })[],
  ): Promise<{ id: number; businessId: number }[]> {
    const inserted: { id: number; businessId: number }[] = [];
    const sorted = [...rows].sort((a, b) => a.businessId - b.businessId);
    for (const chunk of chunks(sorted)) {
      inserted.push(
        ...(await db
          .insert(documentRequests)
          .values(chunk)
          .onConflictDoNothing({
            target: [
              documentRequests.templateId,
              documentRequests.businessId,
              documentRequests.year,
              documentRequests.month,
            ],
          })
          .returning({ id: documentRequests.id, businessId: documentRequests.businessId })),
      );
    }
    return inserted;
  },

  async insertRequest(db: DbOrTx, values: typeof documentRequests.$inferInsert): Promise<RequestRow> {
    const [row] = await db.insert(documentRequests).values(values).returning();
    if (!row) throw new Error('request insert returned nothing');
    return row;
  },

  async insertItems(
    db: DbOrTx,
    items: { requestId: number; name: string; serviceFolderId: number; position: number }[],
  ): Promise<void> {
    for (const chunk of chunks(items)) await db.insert(documentRequestItems).values(chunk);
  },

  async deleteRequest(db: DbOrTx, id: number): Promise<RequestRow | undefined> {
    const [row] = await db.delete(documentRequests).where(eq(documentRequests.id, id)).returning();
    return row;
  },

  /** Requests with their company and service names: of a period, a company, or by id; by company name. */
  listRequests(
    db: DbOrTx,
    filter: { period?: Period; businessId?: number; ids?: number[]; openOrCompletedSince?: Date },
  ): Promise<RequestListRow[]> {
    const conditions: (SQL | undefined)[] = [
      filter.period
        ? and(eq(documentRequests.year, filter.period.year), eq(documentRequests.month, filter.period.month))
        : undefined,
      filter.businessId === undefined ? undefined : eq(documentRequests.businessId, filter.businessId),
      filter.ids ? inArray(documentRequests.id, filter.ids) : undefined,
      filter.openOrCompletedSince ? openOrCompletedSince(filter.openOrCompletedSince) : undefined,
    ];
    return db
      .select({
        id: documentRequests.id,
        businessId: documentRequests.businessId,
        year: documentRequests.year,
        month: documentRequests.month,
        title: documentRequests.title,
        dueDate: documentRequests.dueDate,
        serviceId: documentRequests.serviceId,
        templateId: documentRequests.templateId,
        createdBy: documentRequests.createdBy,
        createdAt: documentRequests.createdAt,
        businessName: businesses.name,
        businessRut: businesses.rut,
        serviceName: services.name,
      })
      .from(documentRequests)
      .innerJoin(businesses, eq(businesses.id, documentRequests.businessId))
      .leftJoin(services, eq(services.id, documentRequests.serviceId))
      .where(and(...conditions))
      .orderBy(asc(businesses.name), asc(businesses.id), asc(documentRequests.dueDate), asc(documentRequests.id));
  },

  /** The items of these requests, in their order, with folder names and whether they await review. */
  async listItems(db: DbOrTx, requestIds: number[], files: ItemFilesSql): Promise<ItemListRow[]> {
    if (requestIds.length === 0) return [];
    return db
      .select({
        id: documentRequestItems.id,
        requestId: documentRequestItems.requestId,
        name: documentRequestItems.name,
        serviceFolderId: documentRequestItems.serviceFolderId,
        position: documentRequestItems.position,
        status: documentRequestItems.status,
        comment: documentRequestItems.comment,
        reviewedAt: documentRequestItems.reviewedAt,
        reviewedBy: documentRequestItems.reviewedBy,
        folderName: serviceFolders.name,
        businessFolderId: files.companyFolderId({
          businessId: documentRequests.businessId,
          serviceFolderId: documentRequestItems.serviceFolderId,
          year: documentRequests.year,
          month: documentRequests.month,
        }),
        sentSinceReview: sentSinceReview(files),
      })
      .from(documentRequestItems)
      .innerJoin(documentRequests, eq(documentRequests.id, documentRequestItems.requestId))
      .innerJoin(serviceFolders, eq(serviceFolders.id, documentRequestItems.serviceFolderId))
      .where(inArray(documentRequestItems.requestId, requestIds))
      .orderBy(asc(documentRequestItems.requestId), asc(documentRequestItems.position), asc(documentRequestItems.id));
  },

  /**
   * Only what the month's list judges each item by: its status and whether a client's file awaits
   * review, for every request of the period (joined by period: a list of thousands of ids costs the
   * planner more than the join).
   */
  async listItemLooks(
    db: DbOrTx,
    period: Period,
    files: ItemFilesSql,
  ): Promise<{ requestId: number; status: ItemListRow['status']; sentSinceReview: boolean }[]> {
    return db
      .select({
        requestId: documentRequestItems.requestId,
        status: documentRequestItems.status,
        sentSinceReview: sentSinceReview(files),
      })
      .from(documentRequestItems)
      .innerJoin(documentRequests, eq(documentRequests.id, documentRequestItems.requestId))
      .where(and(eq(documentRequests.year, period.year), eq(documentRequests.month, period.month)));
  },

  /**
   * An item with its request (company and period); `lock` holds the item's row until the
   * transaction ends, so staff cannot mark it received while files of it are added or removed.
   */
  async findItem(
    db: DbOrTx,
    id: number,
    { lock = false } = {},
  ): Promise<{ item: RequestItemRow; request: RequestRow } | undefined> {
    const query = db
      .select({ item: documentRequestItems, request: documentRequests })
      .from(documentRequestItems)
      .innerJoin(documentRequests, eq(documentRequests.id, documentRequestItems.requestId))
      .where(eq(documentRequestItems.id, id));
    const [row] = await (lock ? query.for('update', { of: documentRequestItems }) : query);
    return row;
  },

  /** Staff's decision on an item, stamped with the database's clock (the one file rows are stamped with). */
  async reviewItem(
    db: DbOrTx,
    id: number,
    values: { status: RequestItemRow['status']; comment: string; reviewedBy: number },
  ): Promise<RequestItemRow | undefined> {
    const [row] = await db
      .update(documentRequestItems)
      .set({ ...values, reviewedAt: sql`now()` })
      .where(eq(documentRequestItems.id, id))
      .returning();
    return row;
  },

  /** Items not received that a client sent a file to since staff last looked, per company. */
  async countToReview(
    db: DbOrTx,
    files: ItemFilesSql,
  ): Promise<{ businessId: number; count: number; year: number; month: number }[]> {
    const rows = await db
      .select({
        businessId: documentRequests.businessId,
        count: sql<number>`count(*)::int`,
        // The earliest period with something to review, as months since year 0.
        firstMonth: sql<number>`min(${documentRequests.year} * 12 + ${documentRequests.month} - 1)::int`,
      })
      .from(documentRequestItems)
      .innerJoin(documentRequests, eq(documentRequests.id, documentRequestItems.requestId))
      .where(and(ne(documentRequestItems.status, 'received'), sentSinceReview(files)))
      .groupBy(documentRequests.businessId)
      .orderBy(desc(sql`count(*)`), asc(documentRequests.businessId));
    return rows.map((row) => ({
      businessId: row.businessId,
      count: Number(row.count),
      year: Math.floor(Number(row.firstMonth) / 12),
      month: (Number(row.firstMonth) % 12) + 1,
    }));
  },
};

/**
 * SQL that another module's aggregate embeds: the requests waiting (an item not received yet: not
 * complete), each with its company, period and when it was made (`business_id`, `year`, `month`,
 * `created_at`).
 */
export const requestsSql = {
  waiting(): SQL {
    return sql`(select r.business_id, r.year, r.month, r.created_at from ${documentRequests} r
  where exists (select 1 from ${documentRequestItems} i where i.request_id = r.id and i.status <> 'received'))`;
  },
  tables: [documentRequests, documentRequestItems],
};
