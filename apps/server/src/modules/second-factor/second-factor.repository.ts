import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { firmSettings, recoveryCodes, userSecondFactors } from './second-factor.tables.ts';

export const secondFactorRepository = {
  async find(db: DbOrTx, userId: number) {
    const [row] = await db.select().from(userSecondFactors).where(eq(userSecondFactors.userId, userId));
    return row;
  },

  /** Stores a pending set-up (a new secret, not yet enabled); an enabled one is left alone (answers false). */
  async savePending(db: DbOrTx, userId: number, secretEncrypted: string): Promise<boolean> {
    const rows = await db
      .insert(userSecondFactors)
      .values({ userId, secretEncrypted })
      .onConflictDoUpdate({
        target: userSecondFactors.userId,
        set: { secretEncrypted, lastUsedStep: null, createdAt: sql`now()` },
        setWhere: isNull(userSecondFactors.enabledAt),
      })
      .returning({ userId: userSecondFactors.userId });
    return rows.length === 1;
  },

  /**
   * Takes the code's time step: only when no code of that step or a later one was accepted before
   * (one statement, so two parallel uses of one code cannot both pass). `enabling`: the pending
   * set-up becomes enabled by the same statement.
   */
  async claimStep(db: DbOrTx, userId: number, step: number, options: { enabling: boolean }): Promise<boolean> {
    const rows = await db
      .update(userSecondFactors)
      .set(options.enabling ? { lastUsedStep: step, enabledAt: sql`now()` } : { lastUsedStep: step })
      .where(
        and(
          eq(userSecondFactors.userId, userId),
          options.enabling ? isNull(userSecondFactors.enabledAt) : isNotNull(userSecondFactors.enabledAt),
          or(isNull(userSecondFactors.lastUsedStep), lt(userSecondFactors.lastUsedStep, step)),
        ),
      )
      .returning({ userId: userSecondFactors.userId });
    return rows.length === 1;
  },

  async remove(db: DbOrTx, userId: number): Promise<boolean> {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    const rows = await db
      .delete(userSecondFactors)
      .where(eq(userSecondFactors.userId, userId))
      .returning({ enabledAt: userSecondFactors.enabledAt });
    return rows.some((row) => row.enabledAt !== null);
  },

  /** Replaces the user's recovery codes (the old ones stop working). */
  async replaceRecoveryCodes(db: DbOrTx, userId: number, codeHashes: string[]) {
    await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  },

  /** Uses a recovery code once: of two parallel uses exactly one succeeds. */
  async consumeRecoveryCode(db: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
    const rows = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  },

  async recoveryCodesLeft(db: DbOrTx, userId: number): Promise<number> {
    const [row] = await db
      .select({ left: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return Number(row?.left ?? 0);
  },

  /** The firm's setting; `forUpdate` locks its row until the transaction ends (a change reads, then writes). */
  async requireSecondFactor(db: DbOrTx, { forUpdate = false } = {}): Promise<boolean> {
    const query = db
      .select({ value: firmSettings.requireSecondFactor })
      .from(firmSettings)
      .where(eq(firmSettings.id, 1));
    const [row] = await (forUpdate ? query.for('update') : query);
    return row?.value ?? false;
  },

  async setRequireSecondFactor(db: DbOrTx, value: boolean) {
    await db
      .insert(firmSettings)
      .values({ id: 1, requireSecondFactor: value })
      .onConflictDoUpdate({ target: firmSettings.id, set: { requireSecondFactor: value, updatedAt: sql`now()` } });
  },
};
