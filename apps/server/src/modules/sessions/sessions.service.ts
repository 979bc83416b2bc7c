import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import type { EventBus } from '../../lib/events.ts';
import { createTableCache, type TableChanges } from '../../lib/table-cache.ts';
import { sessionsRepository } from './sessions.repository.ts';

/**
 * Sign-in sessions: one row per token, so that deleting the row revokes the token (DESIGN.md §3).
 * Ending sessions inside someone else's transaction (a password change) takes that transaction;
 * the caller announces the end once it has committed, and realtime closes those sockets.
 */
export function createSessionsService(db: Db, deps: { events: EventBus; changes: TableChanges }) {
  // Every signed-in request checks its session: kept in memory until a session or user changes
  // (a logout, a password change, a deleted or edited user, in any instance), then read again.
  const live = createTableCache<LiveSession | undefined>(deps.changes, {
    name: 'live-sessions',
    tables: [sessions, users],
    maxEntries: 10_000,
  });

  return {
    /** Opens a session for the user; answers its id. Expired sessions are pruned on the way. */
    async start(userId: number, ttlSeconds: number): Promise<string> {
      const id = randomUUID();
      await sessionsRepository.insert(db, { id, userId, expiresAt: new Date(Date.now() + ttlSeconds * 1000) });
      await sessionsRepository.deleteExpired(db);
      return id;
    },

    /** The session's user while it is unexpired and the user exists, with the session's expiry. */
    async resolve(sessionId: string, userId: number): Promise<LiveSession | undefined> {
      const found = await live.get(`${sessionId}:${userId}`, () => sessionsRepository.findLive(db, sessionId, userId));
      return found && found.expiresAt.getTime() > Date.now() ? found : undefined;
    },

    /** The same, read from the database now (never from memory): a socket checks itself once connected. */
    resolveFresh: (sessionId: string, userId: number): Promise<LiveSession | undefined> =>
      sessionsRepository.findLive(db, sessionId, userId),

    /** The same, read inside the caller's transaction (never from memory). */
    async resolveIn(tx: DbOrTx, sessionId: string, userId: number): Promise<SessionUser | undefined> {
      const found = await sessionsRepository.findLive(tx, sessionId, userId);
      return found && withoutExpiry(found);
    },

    async end(sessionId: string): Promise<void> {
      await sessionsRepository.delete(db, sessionId);
      deps.events.emit('session.ended', { sessionIds: [sessionId] });
    },

    /** Ends every session of the user (but `except`), inside the caller's transaction. */
    endForUser: (userId: number, options: { except?: string; tx?: DbOrTx } = {}) =>
      sessionsRepository.deleteForUser(options.tx ?? db, userId, { except: options.except }),

    /** After the transaction that ended them has committed: their sockets close too. */
    announceEndedForUser(userId: number, exceptSessionId?: string) {
      deps.events.emit('session.ended', { userId, exceptSessionId });
    },
  };
}

type LiveSession = NonNullable<Awaited<ReturnType<typeof sessionsRepository.findLive>>>;
type SessionUser = Omit<LiveSession, 'expiresAt'>;

function withoutExpiry({ expiresAt: _, ...user }: LiveSession): SessionUser {
  return user;
}

export type SessionsService = ReturnType<typeof createSessionsService>;
