import { notificationTokenSchema, type PushSubscriptionJson } from '@app/shared/schemas/auth';
import type { FastifyInstance } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import type { TableChanges } from '../../lib/table-cache.ts';
import type { SessionsService } from '../sessions/sessions.service.ts';
import { usersRoutes } from './users.routes.ts';
import { createUsersService } from './users.service.ts';

export interface UsersModuleDeps {
  db: Db;
  changes: TableChanges;
  events: EventBus;
  sessions: Pick<SessionsService, 'endForUser' | 'announceEndedForUser'>;
  /** The Web Push (VAPID) public key the browser subscribes with. */
  pushPublicKey: string;
  savePushSubscription(userId: number, subscription: PushSubscriptionJson): Promise<void>;
  /** The tasks module's check, inside the users module's transaction: a task's responsible stays staff. */
  isTaskResponsible(tx: DbOrTx, userId: number): Promise<boolean>;
  /** The messages module's, inside the creating transaction: a new staff member starts with every thread read. */
  catchUpOnMessages(tx: DbOrTx, userId: number): Promise<void>;
  /** Browser tests only: a subscription may name a local fake push service. */
  acceptLoopbackPushEndpoints?: boolean;
}

export function createUsersModule(deps: UsersModuleDeps) {
  const users = createUsersService(deps.db, deps);
  return {
    ...users,
    routes: (app: FastifyInstance) =>
      app.register(usersRoutes, {
        users,
        pushPublicKey: deps.pushPublicKey,
        notificationToken: notificationTokenSchema({ acceptLoopbackHttp: deps.acceptLoopbackPushEndpoints === true }),
      }),
  };
}
