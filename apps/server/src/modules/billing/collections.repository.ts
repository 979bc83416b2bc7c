import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { billingBusinessFlags, billingCharges, billingFeeTerms, billingPayments } from './billing.tables.ts';
import { paidByCharge } from './payments.repository.ts';
import { selectRows } from './sql-rows.ts';

/** A company's open amount falling due on one day. */
export interface OpenByDueDate {
  businessId: number;
  dueDate: string;
  open: number;
  charges: number;
}

/** A company with billing: its owed charges' and confirmed payments' totals, receipts waiting, whether its reminders are stopped. */
export interface CompanyLedger {
  businessId: number;
  charged: number;
  paid: number;
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

  /**
   * Every company with billing (fee terms, a charge or a payment): what its owed charges total
   * (to issue or issued, with an amount), what its confirmed payments total, its receipts waiting
   * and whether its reminders are stopped. Plain sums over each table, no join of allocations: the
   * credit follows from them and the open amounts (collections.service.ts).
   */
  async companies(db: DbOrTx): Promise<CompanyLedger[]> {
    const rows = await selectRows<{
      business_id: number;
      charged: string | number;
      paid: string | number;
      to_confirm: string | number;
      stopped: boolean;
    }>(
      db,
      sql`
      select x.business_id, sum(x.charged) as charged, sum(x.paid) as paid, sum(x.waiting) as to_confirm,
        coalesce(bool_or(f.reminders_stopped), false) as stopped
      from (
        select business_id,
          sum(case when status in ('draft', 'issued') then coalesce(total, 0) else 0 end) as charged,
          0 as paid, 0 as waiting
        from ${billingCharges} group by business_id
        union all
        select business_id, 0, sum(case when status = 'confirmed' then amount else 0 end),
          count(*) filter (where status = 'to_confirm')
        from ${billingPayments} group by business_id
        union all
        select business_id, 0, 0, 0 from ${billingFeeTerms} group by business_id
      ) x
      left join ${billingBusinessFlags} f on f.business_id = x.business_id
      group by x.business_id
    `,
    );
    return rows.map((row) => ({
      businessId: row.business_id,
      charged: Number(row.charged),
      paid: Number(row.paid),
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
