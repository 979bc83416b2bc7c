import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type SuppressionLineRow, subjectSuppressions } from './data-subjects.tables.ts';

export const dataSubjectsRepository = {
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
