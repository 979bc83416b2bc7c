import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { createDownloadLinks } from '../../lib/download-links.ts';
import type { EventBus } from '../../lib/events.ts';
import type { FileStorage } from '../../lib/file-storage/file-storage.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import { filesSql } from './documents.repository.ts';
import { documentsRoutes } from './documents.routes.ts';
import { createDocumentsService } from './documents.service.ts';
import { createFileRemover } from './file-removals.ts';
import { orphanSweepJob } from './orphan-sweep.job.ts';

type ServiceDeps = Parameters<typeof createDocumentsService>[1];

export interface DocumentsModuleDeps {
  db: Db;
  events: EventBus;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Signs download links (TOKEN_SECRET). */
  tokenSecret: string;
  /** APP_URL: the base of e-mailed links. */
  appUrl: string;
  /** DOWNLOAD_LINK_DAYS: how long a link opens its file. */
  linkDays: number;
  /** The instance's multipart upload receiver (FILE_MAX_MB; its slots shared with every upload route). */
  uploads: UploadReceiver;
  /** Companies module. */
  getBusiness: ServiceDeps['getBusiness'];
  /** Business-services module: the services that apply to a company in a period. */
  listApplyingServices: ServiceDeps['listApplyingServices'];
  /** Services module: the folder templates of services. */
  listFolderTemplates: ServiceDeps['listFolderTemplates'];
  /** Users module. */
  findUser: ServiceDeps['findUser'];
  /** Email module: sends and logs, answering only how it went. */
  sendEmail: ServiceDeps['sendEmail'];
  /** Requests module: the request item a deleted file answers, locked; and, after commit, that it changed. */
  lockAnsweredItem: ServiceDeps['lockAnsweredItem'];
  answeredItemChanged: ServiceDeps['answeredItemChanged'];
  /** Approvals module: refuses to replace or delete a file the client approved (409). */
  assertFileMayChange?: ServiceDeps['assertFileMayChange'];
  /** Keys of stored files other modules' rows name (the billing module's receipts): the orphan sweep keeps them. */
  keysKeptElsewhere?: (keys: string[]) => Promise<Set<string>>;
}

/** Company documents: folders, uploads, download links, and the removal of deleted files' bytes. */
export function createDocumentsModule(deps: DocumentsModuleDeps) {
  const { db, events, storage, log, uploads } = deps;
  const documents = createDocumentsService(db, {
    ...deps,
    links: createDownloadLinks(deps.tokenSecret, deps.linkDays),
  });
  // Bytes of deleted files leave storage once the deleting transaction has committed.
  const fileRemover = createFileRemover(db, storage, log, deps.keysKeptElsewhere);
  for (const name of ['files.removed', 'business.deleted', 'service.deleted'] as const) {
    events.on(name, () => fileRemover.sweep());
  }
  return {
    ...documents,
    /** Removes the stored bytes of deleted files (after each commit that deletes some, and at start-up). */
    removeQueuedFiles: fileRemover.sweep,
    /** Removes stored bytes that no file row names, an hour old or more (the hourly job's work). */
    sweepOrphans: fileRemover.sweepOrphans,
    /** SQL the requests module's reads of its items embed (client files since review, the item's folder). */
    filesSql,
    routes: async (app: FastifyInstance) => {
      await app.register(documentsRoutes, { documents, uploads });
      // Finishes removing the bytes of files deleted before a crash or a storage outage.
      app.addHook('onReady', () => fileRemover.sweep());
    },
    jobs: [orphanSweepJob(fileRemover, log)],
  };
}
