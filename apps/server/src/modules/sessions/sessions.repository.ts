import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';

export const sessionsRepository = {
  async insert(db: DbOrTx, values: { id: string; userId: number; expiresAt: Date }) {
    await db.insert(sessions).values(values);
  },

  /** The session's user, only while the session is unexpired and the user still exists. */
  async findLive(db: DbOrTx, sessionId: string, userId: number) {
    const [row] = await db
      .select({ id: users.id, role: users.role, businessId: users.businessId, expiresAt: sessions.expiresAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
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

  async deleteExpired(db: DbOrTx) {
    await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  },
};
