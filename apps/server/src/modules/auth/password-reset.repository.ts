import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens } from './auth.tables.ts';

export const passwordResetRepository = {
  async insert(db: DbOrTx, values: { userId: number; tokenHash: string; expiresAt: Date }) {
    await db.insert(passwordResetTokens).values(values);
  },

  /** Whether a token is unused and unexpired, without using it. */
  async findUsable(db: DbOrTx, tokenHash: string): Promise<{ userId: number } | undefined> {
    const [row] = await db
      .select({ userId: passwordResetTokens.userId })
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      );
    return row;
  },

  /** Atomically uses a token that is unused and unexpired; answers its user, or nothing. */
  async consume(db: DbOrTx, tokenHash: string): Promise<{ userId: number } | undefined> {
    const [row] = await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    return row;
  },

  /** Marks every open token of the user as used: one successful reset closes them all. */
  async consumeAllForUser(db: DbOrTx, userId: number) {
    await db
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  },
};
