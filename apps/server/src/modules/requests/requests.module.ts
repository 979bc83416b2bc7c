import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { LiveRooms } from '../../plugins/realtime.ts';
import { createRequestSends } from './request-sends.ts';
import { REQUESTS_ROOM, sendRequestChanges } from './requests.events.ts';
import { requestsRoutes } from './requests.routes.ts';
import { createRequestsService } from './requests.service.ts';

type ServiceDeps = Parameters<typeof createRequestsService>[1];

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
  /** Email module: sends and logs (as the app itself when the actor is null). */
  sendEmail: ServiceDeps['sendEmail'];
}

/** Document requests: templates, requests and their review, sent live to the staff who manage them. */
export function createRequestsModule(deps: RequestsModuleDeps) {
  const requests = createRequestsService(deps.db, deps);
  return {
    ...requests,
    // The scheduler's reminders and automatic sends read and claim through these.
    ...createRequestSends(deps.db),
    routes: (app: FastifyInstance) => app.register(requestsRoutes, { requests }),
    live: { room: REQUESTS_ROOM, goLive: (live: LiveRooms) => sendRequestChanges(deps.events, live) },
    settle: requests.mailsSettled,
  };
}
