import { and, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, sessionUses } from './sessions.tables.ts';

export const sessionsRepository = {
  async insert(
    db: DbOrTx,
    values: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
  ) {
    await db.insert(sessions).values(values);
  },

  /** The session's expiry, only while the session is unexpired and belongs to the user. */
  async findUnexpired(db: DbOrTx, sessionId: string, userId: number): Promise<{ expiresAt: Date } | undefined> {
    const [row] = await db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())));
    return row;
  },

  async delete(db: DbOrTx, sessionId: string) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
  },

  async deleteForUser(db: DbOrTx, userId: number, options: { except?: string } = {}) {
    await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), options.except ? ne(sessions.id, options.except) : undefined));
  },

  /** The user's unexpired sessions with their last use, the most recently used first. */
  listLive(db: DbOrTx, userId: number) {
    const lastUsed = sql<Date>`coalesce(${sessionUses.usedAt}, ${sessions.createdAt})`;
    return db
      .select({
        id: sessions.id,
        userAgent: sessions.userAgent,
        ip: sql<string | null>`coalesce(${sessionUses.ip}, ${sessions.ip})`,
        createdAt: sessions.createdAt,
        lastUsedAt: lastUsed.mapWith(sessions.createdAt),
      })
      .from(sessions)
      .leftJoin(sessionUses, eq(sessionUses.sessionId, sessions.id))
      .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
      .orderBy(desc(lastUsed), desc(sessions.createdAt));
  },

  /** Deletes the user's sessions named (or all but `except`); answers what was deleted. */
  deleteOfUser(db: DbOrTx, userId: number, options: { ids?: string[]; except?: string }) {
    return db
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          options.ids ? inArray(sessions.id, options.ids) : undefined,
          options.except ? ne(sessions.id, options.except) : undefined,
        ),
      )
      .returning({ id: sessions.id, userAgent: sessions.userAgent });
  },

  /**
   * Notes that the session was used now from `ip` (nothing when the session is gone); without an
   * address (a socket's use) the last one noted stays. Only session_uses is written, so the
   * live-sessions cache, which watches `sessions`, stays.
   */
  async noteUse(db: DbOrTx, sessionId: string, ip: string | null) {
    await db.execute(sql`
      insert into ${sessionUses} (session_id, used_at, ip)
      select ${sessions.id}, now(), ${ip} from ${sessions} where ${sessions.id} = ${sessionId}
      on conflict (session_id) do update
        set used_at = excluded.used_at, ip = coalesce(excluded.ip, ${sessionUses}.ip)`);
  },

  async deleteExpired(db: DbOrTx) {
    await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  },
};
