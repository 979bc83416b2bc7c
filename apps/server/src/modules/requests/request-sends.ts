import type { Period } from '@app/shared/period';
import type { Db } from '../../db/client.ts';
import { requestSendsRepository as repository } from './request-sends.repository.ts';
import type { ItemFilesSql } from './requests.repository.ts';

/**
 * What the scheduler's request reminders and the templates' automatic sends read and claim, as the
 * requests module's functions: each claim is one insert, so one instance, once, sends each mail.
 * Whether an item is still missing reads the client's files through `files`, the documents module's SQL.
 */
export function createRequestSends(db: Db, files: ItemFilesSql) {
  return {
    /** Requests due from `today` to `lastDay` with documents still missing and their day's reminder unclaimed. */
    listReminderCandidates: (today: string, lastDay: string) =>
      repository.listReminderCandidates(db, files, today, lastDay),
    /** The names of the items still missing of these requests, in each request's order. */
    listMissingItems: (requestIds: number[]) => repository.listMissingItems(db, files, requestIds),
    /** Claims a request's reminder of a kind: false when another tick or instance already did. */
    claimReminder: (claim: { requestId: number; kind: 'before' | 'due'; claimedAt: Date }) =>
      repository.claimReminder(db, claim),
    /** Templates that go out by themselves on a day of the month (on its last day, also those of the days it lacks). */
    listTemplatesSentOn: (day: number, lastDayOfMonth: boolean) =>
      repository.listTemplatesSentOn(db, day, lastDayOfMonth),
    /** The templates among these already sent for a period. */
    templatesSentFor: (templateIds: number[], period: Period) => repository.templatesSentFor(db, templateIds, period),
    /** Claims a template's automatic send for a period: false when another tick or instance already did. */
    claimTemplateSend: (claim: { templateId: number; year: number; month: number; claimedAt: Date }) =>
      repository.claimTemplateSend(db, claim),
    /** Gives a claim back when the send failed, so a later tick tries again. */
    releaseTemplateSend: (claim: { templateId: number; year: number; month: number }) =>
      repository.releaseTemplateSend(db, claim),
  };
}

export type RequestSends = ReturnType<typeof createRequestSends>;
