import { AGING_BUCKETS, type AgingBucket, agingBucket } from '@app/shared/billing';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { readingTables } from '../../lib/table-cache.ts';
import { billingCharges, billingPaymentAllocations, billingPayments } from './billing.tables.ts';
import { collectionsRepository } from './collections.repository.ts';
import { selectRows } from './sql-rows.ts';

/** A calendar month's money: issued charges' totals by issue date, confirmed payments by their date. */
export interface MonthMoney {
  /** 'YYYY-MM'. */
  month: string;
  billed: number;
  collected: number;
}

/**
 * The firm's money at a glance (the panel's charts): what was billed and collected in each month
 * from `fromMonth` ('YYYY-MM', inclusive) on, in two aggregate queries, and what is open now by the
 * aging of each charge's due date, summed over the firm as the collections list's totals are.
 */
export function createMoneyOverview(db: Db) {
  return {
    byMonth: readingTables([billingCharges, billingPayments], async (fromMonth: string): Promise<MonthMoney[]> => {
      const from = `${fromMonth}-01`;
      const [billed, collected] = await Promise.all([
        selectRows<{ month: string; amount: string | number }>(
          db,
          sql`select to_char(issue_date, 'YYYY-MM') as month, sum(total) as amount from ${billingCharges}
              where status = 'issued' and total is not null and issue_date >= ${from}::date
              group by 1`,
        ),
        selectRows<{ month: string; amount: string | number }>(
          db,
          sql`select to_char(date, 'YYYY-MM') as month, sum(amount) as amount from ${billingPayments}
              where status = 'confirmed' and date >= ${from}::date
              group by 1`,
        ),
      ]);
      const months = new Map<string, MonthMoney>();
      const entry = (month: string) => {
        let found = months.get(month);
        if (!found) {
          found = { month, billed: 0, collected: 0 };
          months.set(month, found);
        }
        return found;
      };
      for (const row of billed) entry(row.month).billed += Number(row.amount);
      for (const row of collected) entry(row.month).collected += Number(row.amount);
      return [...months.values()];
    }),

    agingTotals: readingTables(
      [billingCharges, billingPayments, billingPaymentAllocations],
      async (today: string): Promise<Record<AgingBucket, number>> => {
        const totals = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as Record<AgingBucket, number>;
        for (const entry of await collectionsRepository.openByDueDate(db)) {
          totals[agingBucket(entry.dueDate, today)] += entry.open;
        }
        return totals;
      },
    ),
  };
}
