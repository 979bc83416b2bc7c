import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingBusinessFlags, billingCharges, billingReminderSends } from './billing.tables.ts';
import { paidByCharge } from './payments.repository.ts';
import { selectRows } from './sql-rows.ts';

export interface ReminderCandidate {
  id: number;
  businessId: number;
  description: string;
  folio: number | null;
  dueDate: string;
  contacts: string;
  open: number;
}

export const remindersRepository = {
  /**
   * Issued charges with something open, of companies whose reminders are not stopped, whose
   * earliest step (`firstOffset` days from the due date) has come by `today` and whose last step
   * (`lastOffset`) is not claimed yet: what the reminders job looks at.
   */
  async candidates(db: DbOrTx, today: string, firstOffset: number, lastOffset: number): Promise<ReminderCandidate[]> {
    const rows = await selectRows<{
      id: number;
      business_id: number;
      description: string;
      folio: string | number | null;
      due_date: string;
      contacts: string;
      open: string | number;
    }>(
      db,
      sql`
      select c.id, c.business_id, c.description, c.folio, c.due_date::text as due_date, c.contacts,
        c.total - coalesce(paid.paid, 0) as open
      from ${billingCharges} c
      left join ${paidByCharge} paid on paid.charge_id = c.id
      left join ${billingBusinessFlags} f on f.business_id = c.business_id
      where c.status = 'issued' and c.total > coalesce(paid.paid, 0)
        and not coalesce(f.reminders_stopped, false)
        and c.due_date + ${firstOffset}::integer <= ${today}::date
        and not exists (
          select 1 from ${billingReminderSends} s where s.charge_id = c.id and s.step = ${lastOffset}
        )
      order by c.due_date, c.id
    `,
    );
    return rows.map((row) => ({
      id: row.id,
      businessId: row.business_id,
      description: row.description,
      folio: row.folio === null ? null : Number(row.folio),
      dueDate: row.due_date,
      contacts: row.contacts,
      open: Number(row.open),
    }));
  },

  /** The steps already claimed of these charges. */
  async claimedSteps(db: DbOrTx, chargeIds: readonly number[]): Promise<Map<number, Set<number>>> {
    const claimed = new Map<number, Set<number>>();
    if (chargeIds.length === 0) return claimed;
    const rows = await db
      .select({ chargeId: billingReminderSends.chargeId, step: billingReminderSends.step })
      .from(billingReminderSends)
      .where(inArray(billingReminderSends.chargeId, [...chargeIds]));
    for (const row of rows) {
      const steps = claimed.get(row.chargeId) ?? new Set<number>();
      steps.add(row.step);
      claimed.set(row.chargeId, steps);
    }
    return claimed;
  },

  /**
   * Claims steps of a charge, each with its outcome already known (or null: to be sent): the rows
   * inserted answer the steps this caller claimed; a step another run claimed first is not among them.
   */
  async claim(
    db: DbOrTx,
    chargeId: number,
    steps: { step: number; outcome: string | null }[],
    claimedAt: Date,
  ): Promise<Set<number>> {
    if (steps.length === 0) return new Set();
    const rows = await db
      .insert(billingReminderSends)
      .values(steps.map(({ step, outcome }) => ({ chargeId, step, outcome, claimedAt })))
      .onConflictDoNothing()
      .returning({ step: billingReminderSends.step });
    return new Set(rows.map((row) => row.step));
  },

  async setOutcome(db: DbOrTx, chargeId: number, step: number, outcome: string, emailLogId: number | null) {
    await db
      .update(billingReminderSends)
      .set({ outcome, emailLogId })
      .where(and(eq(billingReminderSends.chargeId, chargeId), eq(billingReminderSends.step, step)));
  },

  /** A company's reminders, newest first (at most 500). */
  listOf(db: DbOrTx, businessId: number) {
    return db
      .select({
        chargeId: billingReminderSends.chargeId,
        step: billingReminderSends.step,
        claimedAt: billingReminderSends.claimedAt,
        outcome: billingReminderSends.outcome,
        emailLogId: billingReminderSends.emailLogId,
        description: billingCharges.description,
      })
      .from(billingReminderSends)
      .innerJoin(billingCharges, eq(billingCharges.id, billingReminderSends.chargeId))
      .where(eq(billingCharges.businessId, businessId))
      .orderBy(desc(billingReminderSends.claimedAt), desc(billingReminderSends.step))
      .limit(500);
  },
};
