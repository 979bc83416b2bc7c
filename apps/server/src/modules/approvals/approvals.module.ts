import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import { type ApprovalRemindersDeps, approvalRemindersJob } from './approval-reminders.job.ts';
import { approvalsRoutes } from './approvals.routes.ts';
import { type ApprovalsDeps, createApprovalsService } from './approvals.service.ts';

export interface ApprovalsModuleDeps
  extends ApprovalsDeps,
    Pick<ApprovalRemindersDeps, 'sendAutomatic' | 'notifyWhatsApp'> {
  db: Db;
  /** The instance's multipart upload receiver (a PDF uploaded with a request shares its slots). */
  uploads: UploadReceiver;
}

/**
 * Client approvals ('Aprobaciones'): a simple electronic signature of a document by a company's
 * client, its certificate, the reminders until it is answered, and the documents module's check
 * that an approved file is neither replaced nor deleted.
 */
export function createApprovalsModule(deps: ApprovalsModuleDeps) {
  const approvals = createApprovalsService(deps.db, deps);
  const reminders = approvalRemindersJob(deps.db, deps);
  const now = deps.now ?? (() => new Date());
  return {
    /** The documents module asks this before replacing or deleting a file (409 once approved). */
    assertFileMayChange: approvals.assertFileMayChange,
    /** Of these stored keys, those an approval's uploaded PDF is kept under (orphan sweep). */
    keysAmong: approvals.keysAmong,
    /** 'Suprimir' (data-subjects module): the approvals a person answered are kept, and counted. */
    countAnsweredBy: approvals.countAnsweredBy,
    /** The demo and the bench ask and answer through these, under the API's rules. */
    request: approvals.request,
    answer: approvals.answer,
    list: approvals.list,
    /** The reminders' run (tests call it with their own clock); answers how many were sent. */
    runReminders: reminders.run,
    routes: (app: FastifyInstance) => app.register(approvalsRoutes, { approvals, uploads: deps.uploads, now }),
    jobs: [reminders.job],
  };
}
