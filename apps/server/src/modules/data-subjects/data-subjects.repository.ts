import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type SuppressionLineRow, subjectSuppressions } from './data-subjects.tables.ts';

/** The advisory lock suppressions take, one after the other (any fixed number). */
const SUPPRESSION_LOCK = 7_208_351_921;

export const dataSubjectsRepository = {
  /**
   * Waits for any other suppression to commit, then holds the lock until this transaction ends: two
   * suppressions of one person (two tabs, two instances) run one after the other, and the second
   * searches again what the first left, finding nothing of the person (404) rather than suppressing
   * twice.
   */
  async lockSuppressions(tx: DbOrTx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(${SUPPRESSION_LOCK})`);
  },

  /** A suppression begun: its id is the N of its pseudonym (lines written once it is done). */
  async insert(
    tx: DbOrTx,
    values: { searchedBy: 'email' | 'rut' | 'name'; suppressedBy: number | null },
  ): Promise<number> {
    const [row] = await tx
      .insert(subjectSuppressions)
      .values({ ...values, removed: [], kept: [] })
      .returning({ id: subjectSuppressions.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  async complete(
    tx: DbOrTx,
    id: number,
    values: { userId: number | null; removed: SuppressionLineRow[]; kept: SuppressionLineRow[] },
  ): Promise<void> {
    await tx.update(subjectSuppressions).set(values).where(eq(subjectSuppressions.id, id));
  },
};
