import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import { createSessionsService } from './sessions.service.ts';

export interface SessionsModuleDeps {
  db: Db;
  events: EventBus;
  changes: TableChanges;
}

/** Sign-in sessions: no routes of their own (auth signs in and out, realtime rechecks sockets). */
export function createSessionsModule(deps: SessionsModuleDeps) {
  const sessions = createSessionsService(deps.db, deps);
  return { sessions };
}
