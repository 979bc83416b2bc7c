import { randomUUID } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { EventBus } from '../../lib/events.ts';
import { sessionsRepository } from './sessions.repository.ts';

/**
 * Sign-in sessions: one row per token, so that deleting the row revokes the token (DESIGN.md §3).
 * Ending sessions inside someone else's transaction (a password change) takes that transaction;
 * the caller announces the end once it has committed, and realtime closes those sockets.
 */
export function createSessionsService(db: Db, deps: { events: EventBus }) {
  return {
    /** Opens a session for the user; answers its id. Expired sessions are pruned on the way. */
    async start(userId: number, ttlSeconds: number): Promise<string> {
      const id = randomUUID();
      await sessionsRepository.insert(db, { id, userId, expiresAt: new Date(Date.now() + ttlSeconds * 1000) });
      await sessionsRepository.deleteExpired(db);
      return id;
    },

    /** The session's user while it is unexpired and the user exists. */
    resolve: (sessionId: string, userId: number, tx: DbOrTx = db) => sessionsRepository.findLive(tx, sessionId, userId),

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

export type SessionsService = ReturnType<typeof createSessionsService>;
