import { and, asc, eq, gte, inArray, isNotNull, lte, ne, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insertIfAbsent } from '../../db/insert-if-absent.ts';
import type { ItemFilesSql } from './requests.repository.ts';
import {
  documentRequestItems,
  documentRequests,
  requestReminderSends,
  requestTemplateSends,
  requestTemplates,
} from './requests.tables.ts';

/**
 * An item the client still has to send: not received, and nothing sent by the client since staff
 * last looked at it (a file awaiting review is not asked for again). The client's files are judged
 * by SQL of the documents module, which keeps them.
 */
const stillMissing = (files: ItemFilesSql) =>
  and(
    ne(documentRequestItems.status, 'received'),
    not(files.clientFileAfter(documentRequestItems.id, documentRequestItems.reviewedAt)),
  );

/** What the request reminders and the templates' automatic sends read and claim. */
export const requestSendsRepository = {
  /**
   * Requests due from `today` to `lastDay` with some item still missing, and not yet claimed for
   * the reminder of their day ('due' on the due date, 'before' until then).
   */
  listReminderCandidates(db: DbOrTx, files: ItemFilesSql, today: string, lastDay: string) {
    const kindOfDay = sql`case when ${documentRequests.dueDate} = ${today} then 'due' else 'before' end`;
    return db
      .select({
        id: documentRequests.id,
        title: documentRequests.title,
        dueDate: documentRequests.dueDate,
        createdAt: documentRequests.createdAt,
        businessId: documentRequests.businessId,
      })
      .from(documentRequests)
      .where(
        and(
          gte(documentRequests.dueDate, today),
          lte(documentRequests.dueDate, lastDay),
          sql`exists (select 1 from ${documentRequestItems}
            where ${documentRequestItems.requestId} = ${documentRequests.id} and ${stillMissing(files)})`,
          sql`not exists (select 1 from ${requestReminderSends}
            where ${requestReminderSends.requestId} = ${documentRequests.id}
              and ${requestReminderSends.kind} = ${kindOfDay})`,
        ),
      )
      .orderBy(asc(documentRequests.id));
  },

  /** The names of the items still missing of these requests, in the request's order. */
  listMissingItems(db: DbOrTx, files: ItemFilesSql, requestIds: number[]) {
    if (requestIds.length === 0) return Promise.resolve([]);
    return db
      .select({ requestId: documentRequestItems.requestId, name: documentRequestItems.name })
      .from(documentRequestItems)
      .where(and(inArray(documentRequestItems.requestId, requestIds), stillMissing(files)))
      .orderBy(asc(documentRequestItems.position), asc(documentRequestItems.id));
  },

  /** Claims a request's reminder of a kind: false when another tick or instance already did. */
  claimReminder: (db: DbOrTx, claim: typeof requestReminderSends.$inferInsert) =>
    insertIfAbsent(db, requestReminderSends, claim),

  /** Templates that go out by themselves on a day of the month; on its last day also those of the days it lacks. */
  listTemplatesSentOn(db: DbOrTx, day: number, lastDayOfMonth: boolean) {
    return db
      .select({ id: requestTemplates.id })
      .from(requestTemplates)
      .where(
        and(
          isNotNull(requestTemplates.sendDay),
          lastDayOfMonth ? gte(requestTemplates.sendDay, day) : eq(requestTemplates.sendDay, day),
        ),
      )
      .orderBy(asc(requestTemplates.id));
  },

  /** The templates among these already sent for a period. */
  async templatesSentFor(db: DbOrTx, templateIds: number[], period: { year: number; month: number }) {
    if (templateIds.length === 0) return new Set<number>();
    const rows = await db
      .select({ templateId: requestTemplateSends.templateId })
      .from(requestTemplateSends)
      .where(
        and(
          inArray(requestTemplateSends.templateId, templateIds),
          eq(requestTemplateSends.year, period.year),
          eq(requestTemplateSends.month, period.month),
        ),
      );
    return new Set(rows.map((row) => row.templateId));
  },

  /** Claims a template's automatic send for a period: false when another tick or instance already did. */
  claimTemplateSend: (db: DbOrTx, claim: typeof requestTemplateSends.$inferInsert) =>
    insertIfAbsent(db, requestTemplateSends, claim),

  /** Gives a claim back when the send failed, so a later tick tries again. */
  async releaseTemplateSend(db: DbOrTx, claim: { templateId: number; year: number; month: number }) {
    await db
      .delete(requestTemplateSends)
      .where(
        and(
          eq(requestTemplateSends.templateId, claim.templateId),
          eq(requestTemplateSends.year, claim.year),
          eq(requestTemplateSends.month, claim.month),
        ),
      );
  },
};
