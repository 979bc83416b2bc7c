import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { insertIfAbsent } from '../../db/insert-if-absent.ts';
import { digestSends } from './scheduler.tables.ts';

/** The morning digest's own claims: which users' digest of a day is decided. */
export const morningDigestRepository = {
  /** The users whose digest of this day is already decided (sent, or nothing to send). */
  async claimedOn(db: DbOrTx, day: string): Promise<Set<number>> {
    const rows = await db.select({ userId: digestSends.userId }).from(digestSends).where(eq(digestSends.day, day));
    return new Set(rows.map((row) => row.userId));
  },

  /** Claims a user's digest of a day: false when another tick or instance already did. */
  claim: (db: DbOrTx, claim: typeof digestSends.$inferInsert) => insertIfAbsent(db, digestSends, claim),
};
