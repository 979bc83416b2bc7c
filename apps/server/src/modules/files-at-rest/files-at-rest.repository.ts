import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fileEncryptionProgress } from './files-at-rest.tables.ts';

export type FileEncryptionProgress = typeof fileEncryptionProgress.$inferSelect;
export type ProgressChange = Partial<Omit<FileEncryptionProgress, 'id' | 'claimedUntil'>>;

const ROW = eq(fileEncryptionProgress.id, 1);
const leaseUntil = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

export const filesAtRestRepository = {
  /**
   * Claims the work for `seconds` (by the database's clock): the row, or null when another
   * instance holds an unexpired claim. The row is made at the first claim.
   */
  async claim(db: Db, seconds: number): Promise<FileEncryptionProgress | null> {
    await db.insert(fileEncryptionProgress).values({ id: 1 }).onConflictDoNothing();
    const [row] = await db
      .update(fileEncryptionProgress)
      .set({ claimedUntil: leaseUntil(seconds) })
      .where(
        and(ROW, or(isNull(fileEncryptionProgress.claimedUntil), lte(fileEncryptionProgress.claimedUntil, sql`now()`))),
      )
      .returning();
    return row ?? null;
  },

  /** Records progress and renews the claim. */
  async save(db: Db, change: ProgressChange, seconds: number) {
    await db
      .update(fileEncryptionProgress)
      .set({ ...change, claimedUntil: leaseUntil(seconds) })
      .where(ROW);
  },

  async release(db: Db) {
    await db.update(fileEncryptionProgress).set({ claimedUntil: null }).where(ROW);
  },

  async read(db: Db): Promise<FileEncryptionProgress | null> {
    const [row] = await db.select().from(fileEncryptionProgress).where(ROW);
    return row ?? null;
  },
};
