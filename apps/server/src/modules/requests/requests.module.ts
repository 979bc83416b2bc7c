import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { UploadReceiver } from '../../lib/multipart-uploads.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';
import { createAnsweredItems } from './answered-items.ts';
import { itemUploadsRoutes } from './item-uploads.routes.ts';
import { createItemUploadsService } from './item-uploads.service.ts';
import { createRequestSends } from './request-sends.ts';
import { REQUESTS_ROOM, sendRequestChanges } from './requests.events.ts';
import { requestsRoutes } from './requests.routes.ts';
import { createRequestsService } from './requests.service.ts';

export { createAnsweredItems } from './answered-items.ts';
/** SQL fragments another module's aggregate embeds (the panel's requests by age). */
export { requestsSql } from './requests.repository.ts';

type ServiceDeps = Parameters<typeof createRequestsService>[1];
type ItemUploadsDeps = Parameters<typeof createItemUploadsService>[1];

export interface RequestsModuleDeps {
  db: Db;
  events: EventBus;
  changes: ServiceDeps['changes'];
  /** Whether SMTP_URL is set. */
  mailConfigured: boolean;
  log: FastifyBaseLogger;
  /** APP_URL: the base of e-mailed links. */
  appUrl: string;
  /** The clock `today` is judged by (tests set it). */
  now?: ServiceDeps['now'];
  /** Services module. */
  assertServiceExists: ServiceDeps['assertServiceExists'];
  listServicesForMonth: ServiceDeps['listServicesForMonth'];
  listFolderTemplates: ServiceDeps['listFolderTemplates'];
  /** Companies module. */
  getBusiness: ServiceDeps['getBusiness'];
  listActiveBusinesses: ServiceDeps['listActiveBusinesses'];
  /** Business-services module: links that apply by a day, and a company's services of a period. */
  listApplying: ServiceDeps['listApplying'];
  listApplyingServices: ServiceDeps['listApplyingServices'];
  /** Documents module: the files sent against items, with links issued to the reader. */
  listItemFiles: ServiceDeps['listItemFiles'];
  /** Documents module: SQL the item reads embed (client files since review, the item's folder). */
  filesSql: ServiceDeps['filesSql'];
  /** Documents module: stores an item's files in the company's folder, in a transaction the item is locked in. */
  storeFiles: ItemUploadsDeps['storeFiles'];
  /** The instance's multipart upload receiver (FILE_MAX_MB; its slots shared with every upload route). */
  uploads: UploadReceiver;
  /** Email module: sends and logs (as the app itself when the actor is null). */
  sendEmail: ServiceDeps['sendEmail'];
}

/**
 * Document requests: templates, requests and their review, sent live to the staff who manage
 * them, and the files clients and staff send against their items.
 */
export function createRequestsModule(deps: RequestsModuleDeps) {
  const requests = createRequestsService(deps.db, deps);
  const itemUploads = createItemUploadsService(deps.db, {
    answeredItems: createAnsweredItems(deps.events),
    storeFiles: deps.storeFiles,
  });
  return {
    ...requests,
    // The scheduler's reminders and automatic sends read and claim through these.
    ...createRequestSends(deps.db, deps.filesSql),
    /** Files clients and staff send against request items. */
    itemUploads,
    routes: async (app: FastifyInstance) => {
      await app.register(requestsRoutes, { requests });
      await app.register(itemUploadsRoutes, { itemUploads, uploads: deps.uploads });
    },
    live: { room: REQUESTS_ROOM, goLive: (live: LiveRooms) => sendRequestChanges(deps.events, live) },
    settle: requests.mailsSettled,
  };
}
