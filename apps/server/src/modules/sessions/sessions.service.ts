import { randomUUID } from 'node:crypto';
import { msg } from '@app/shared/messages';
import { sessionsMsg } from '@app/shared/messages-trust';
import type { SessionSummary } from '@app/shared/schemas/sessions';
import { recordActivity } from '../../db/activity-log.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { ActivityActor } from '../../lib/activity-actor.ts';
import { notFound } from '../../lib/app-error.ts';
import type { EventBus } from '../../lib/events.ts';
import { createTableCache, type TableChanges, type TablesRead } from '../../lib/table-cache.ts';
import { deviceOf } from './session-device.ts';
import { sessionsRepository } from './sessions.repository.ts';
import { sessions } from './sessions.tables.ts';

/** A session's use is noted at most once a minute per instance (the sessions list's 'Último uso'). */
export const USE_NOTE_INTERVAL_MS = 60_000;
const USE_NOTES_KEPT = 10_000;

/**
 * Sign-in sessions: one row per token, so that deleting the row revokes the token.
 * Ending sessions inside someone else's transaction (a password change) takes that transaction;
 * the caller announces the end once it has committed, and realtime closes those sockets.
 */
/** A signed-in user as a session resolves them: who, with which role, and a client's company. */
export interface SessionUser {
  id: number;
  role: 'owner' | 'collaborator' | 'client';
  businessId: number | null;
}

type LiveSession = SessionUser & { expiresAt: Date };

export interface SessionsDeps {
  events: EventBus;
  changes: TableChanges;
  /** The users module's user of a session, read in the caller's transaction, with the table it reads. */
  findSessionUser: ((userId: number, tx: DbOrTx) => Promise<SessionUser | undefined>) & TablesRead;
  /** The users module's user, for the e-mail an ended session's entry names. */
  findUser(userId: number): Promise<{ email: string } | undefined>;
}

export function createSessionsService(db: Db, deps: SessionsDeps) {
  /** The session's user while the session is unexpired and the user exists, with the session's expiry. */
  async function findLive(tx: DbOrTx, sessionId: string, userId: number): Promise<LiveSession | undefined> {
    const session = await sessionsRepository.findUnexpired(tx, sessionId, userId);
    const user = session && (await deps.findSessionUser(userId, tx));
    return user && { id: user.id, role: user.role, businessId: user.businessId, expiresAt: session.expiresAt };
  }

  // Every signed-in request checks its session: kept in memory until a session or user changes
  // (a logout, a password change, a deleted or edited user, in any instance), then read again.
  const live = createTableCache<LiveSession | undefined>(deps.changes, {
    name: 'live-sessions',
    tables: [sessions, ...deps.findSessionUser.tables],
    maxEntries: 10_000,
  });
  // When this instance last noted each session's use (insertion order: the oldest leaves first).
  const notedAt = new Map<string, number>();
  const pendingNotes = new Set<Promise<void>>();

  /** Ends the user's sessions chosen, with one activity entry, then closes their sockets. */
  async function endSessions(
    actor: ActivityActor,
    userId: number,
    choice: { ids?: string[]; except?: string },
    label: (ended: { userAgent: string | null }[]) => string,
  ) {
    const ended = await db.transaction(async (tx) => {
      const rows = await sessionsRepository.deleteOfUser(tx, userId, choice);
      if (rows.length > 0) {
        await recordActivity(tx, actor, {
          kind: 'session',
          action: 'ended',
          recordId: rows.length === 1 ? rows[0]?.id : userId,
          recordLabel: label(rows),
          details: choice.ids ? null : { after: { sesiones: rows.length } },
        });
      }
      return rows;
    });
    for (const row of ended) notedAt.delete(row.id);
    if (ended.length > 0) deps.events.emit('session.ended', { sessionIds: ended.map((row) => row.id) });
    return ended.length;
  }

  return {
    /**
     * Opens a session for the user, noting where from (the sessions list of 'Mi perfil'); answers
     * its id. Expired sessions are pruned on the way.
     */
    async start(userId: number, ttlSeconds: number, origin: SessionOrigin, tx: DbOrTx = db): Promise<string> {
      const id = randomUUID();
      await sessionsRepository.insert(tx, {
        id,
        userId,
        expiresAt: new Date(Date.now() + ttlSeconds * 1000),
        ip: origin.ip,
        userAgent: origin.userAgent?.slice(0, 500) ?? null,
      });
      await sessionsRepository.deleteExpired(tx);
      return id;
    },

    /** The session's user while it is unexpired and the user exists, with the session's expiry. */
    async resolve(sessionId: string, userId: number): Promise<LiveSession | undefined> {
      const found = await live.get(`${sessionId}:${userId}`, () => findLive(db, sessionId, userId));
      return found && found.expiresAt.getTime() > Date.now() ? found : undefined;
    },

    /** The same, read from the database now (never from memory): a socket checks itself once connected. */
    resolveFresh: (sessionId: string, userId: number): Promise<LiveSession | undefined> =>
      findLive(db, sessionId, userId),

    /** The same, read inside the caller's transaction (never from memory). */
    async resolveIn(tx: DbOrTx, sessionId: string, userId: number): Promise<SessionUser | undefined> {
      const found = await findLive(tx, sessionId, userId);
      return found && withoutExpiry(found);
    },

    /**
     * Notes that a signed-in request (from `ip`) or an open socket (null) used the session: at most
     * once a minute per session on this instance; answers the write's promise, or nothing when it
     * was noted lately.
     */
    noteUse(sessionId: string, ip: string | null): Promise<void> | undefined {
      const now = Date.now();
      const last = notedAt.get(sessionId);
      if (last !== undefined && now - last < USE_NOTE_INTERVAL_MS) return undefined;
      notedAt.delete(sessionId);
      notedAt.set(sessionId, now);
      if (notedAt.size > USE_NOTES_KEPT) {
        const oldest = notedAt.keys().next().value;
        if (oldest !== undefined) notedAt.delete(oldest);
      }
      const note = sessionsRepository.noteUse(db, sessionId, ip).finally(() => pendingNotes.delete(note));
      pendingNotes.add(note);
      return note;
    },

    /** Waits for the uses being noted (app close, before the database goes; tests before a snapshot). */
    async settled(): Promise<void> {
      await Promise.allSettled([...pendingNotes]);
    },

    /** The user's live sessions for 'Mi perfil', the most recently used first; `current` marks the asking one. */
    async list(userId: number, currentSessionId: string): Promise<SessionSummary[]> {
      const rows = await sessionsRepository.listLive(db, userId);
      return rows.map((row) => ({
        id: row.id,
        device: deviceOf(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: new Date(row.lastUsedAt).toISOString(),
        current: row.id === currentSessionId,
      }));
    },

    /** Ends one of the user's own sessions (404 when it is not theirs or already ended). */
    async endOwn(actor: ActivityActor, userId: number, sessionId: string): Promise<void> {
      const count = await endSessions(actor, userId, { ids: [sessionId] }, (rows) => deviceOf(rows[0]?.userAgent));
      if (count === 0) throw notFound(sessionsMsg.notFound);
    },

    /** Ends every session of the user but the asking one; answers how many. */
    endOthers: (actor: ActivityActor, userId: number, currentSessionId: string): Promise<number> =>
      endSessions(actor, userId, { except: currentSessionId }, (rows) => devicesOf(rows)),

    /** An owner ends every session of a user (404 for an unknown user); answers how many. */
    async endAllOf(actor: ActivityActor, userId: number): Promise<number> {
      const user = await deps.findUser(userId);
      if (!user) throw notFound(msg.notFound);
      return endSessions(actor, userId, {}, () => user.email);
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

/** The devices of the sessions ended, each once: 'Chrome en Windows, Safari en iPhone'. */
function devicesOf(rows: { userAgent: string | null }[]): string {
  return [...new Set(rows.map((row) => deviceOf(row.userAgent)))].join(', ');
}

/** Where a sign-in came from: the client address and the browser's user agent (trimmed to 500 characters). */
export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null | undefined;
}

function withoutExpiry({ expiresAt: _, ...user }: LiveSession): SessionUser {
  return user;
}

export type SessionsService = ReturnType<typeof createSessionsService>;
