import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingBusinessFlags, billingCharges, billingFeeTerms, billingPayments } from './billing.tables.ts';
import { appliedByPayment, paidByCharge } from './payments.repository.ts';
import { selectRows } from './sql-rows.ts';

/** A company's open amount falling due on one day. */
export interface OpenByDueDate {
  businessId: number;
  dueDate: string;
  open: number;
  charges: number;
}

/** A company with billing: its credit, receipts waiting for the owner, whether its reminders are stopped. */
export interface CompanyLedger {
  businessId: number;
  credit: number;
  receiptsToConfirm: number;
  remindersStopped: boolean;
}

/**
 * The collections list's reads: every company's open amounts by due date and its credit, each in
 * one aggregate query over the whole firm (no query per company).
 */
export const collectionsRepository = {
  /** Open charges' amounts (issued or to issue, not void, not waiting for UF), summed by company and due date. */
  async openByDueDate(db: DbOrTx): Promise<OpenByDueDate[]> {
    const rows = await selectRows<{
      business_id: number;
      due_date: string;
      open: string | number;
      charges: string | number;
    }>(
      db,
      sql`
      select c.business_id, c.due_date::text as due_date, sum(c.total - coalesce(paid.paid, 0)) as open,
        count(*) as charges
      from ${billingCharges} c
      left join ${paidByCharge} paid on paid.charge_id = c.id
      where c.status in ('draft', 'issued') and c.total is not null and c.total > coalesce(paid.paid, 0)
      group by c.business_id, c.due_date
    `,
    );
    return rows.map((row) => ({
      businessId: row.business_id,
      dueDate: row.due_date,
      open: Number(row.open),
      charges: Number(row.charges),
    }));
  },

  /** Every company with billing (fee terms, a charge or a payment), with its credit and receipts waiting. */
  async companies(db: DbOrTx): Promise<CompanyLedger[]> {
    const rows = await selectRows<{
      business_id: number;
      credit: string | number;
      to_confirm: string | number;
      stopped: boolean;
    }>(
      db,
      sql`
      with ids as (
        select business_id from ${billingFeeTerms}
        union select business_id from ${billingCharges}
        union select business_id from ${billingPayments}
      ),
      credit as (
        select p.business_id, sum(p.amount - coalesce(applied.applied, 0)) as credit
        from ${billingPayments} p
        left join ${appliedByPayment} applied on applied.payment_id = p.id
        where p.status = 'confirmed'
        group by p.business_id
      ),
      waiting as (
        select business_id, count(*) as n from ${billingPayments} where status = 'to_confirm' group by business_id
      )
      select ids.business_id, coalesce(credit.credit, 0) as credit, coalesce(waiting.n, 0) as to_confirm,
        coalesce(f.reminders_stopped, false) as stopped
      from ids
      left join credit on credit.business_id = ids.business_id
      left join waiting on waiting.business_id = ids.business_id
      left join ${billingBusinessFlags} f on f.business_id = ids.business_id
    `,
    );
    return rows.map((row) => ({
      businessId: row.business_id,
      credit: Number(row.credit),
      receiptsToConfirm: Number(row.to_confirm),
      remindersStopped: row.stopped === true,
    }));
  },

  /** Companies with a charge past its due date (before `today`) and something open of it. */
  async overdueIds(db: DbOrTx, today: string): Promise<number[]> {
    const rows = await selectRows<{ business_id: number }>(
      db,
      sql`
      select distinct c.business_id
      from ${billingCharges} c
      left join ${paidByCharge} paid on paid.charge_id = c.id
      where c.status in ('draft', 'issued') and c.total is not null and c.total > coalesce(paid.paid, 0)
        and c.due_date < ${today}::date
      order by c.business_id
    `,
    );
    return rows.map((row) => row.business_id);
  },
};
