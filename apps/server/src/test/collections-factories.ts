import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { billingCharges } from '../modules/billing/billing.tables.ts';
import type { TestApp } from './test-app.ts';

let keyCounter = 0;

/** A charge written straight into the database (a CLP factura exenta: total = net), for collections' tests. */
export async function insertCharge(
  t: TestApp,
  values: {
    businessId: number;
    total: number;
    dueDate: string;
    issueDate?: string;
    status?: 'draft' | 'issued' | 'void' | 'waiting_uf';
    folio?: number | null;
    description?: string;
    contacts?: string;
  },
) {
  keyCounter += 1;
  const issueDate = values.issueDate ?? values.dueDate;
  const status = values.status ?? 'issued';
  const waiting = status === 'waiting_uf';
  const [row] = await t.database.db
    .insert(billingCharges)
    .values({
      businessId: values.businessId,
      periodYear: Number(issueDate.slice(0, 4)),
      periodMonth: Number(issueDate.slice(5, 7)),
      source: 'fee',
      generationKey: `test:${process.pid}:${keyCounter}`,
      description: values.description ?? `Honorarios ${issueDate.slice(0, 7)}`,
      currency: waiting ? 'UF' : 'CLP',
      documentType: 'factura_exenta',
      ufAmount: waiting ? 300 : null,
      net: waiting ? null : values.total,
      taxKind: 'none',
      taxRate: 0,
      taxAmount: waiting ? null : 0,
      total: waiting ? null : values.total,
      contacts: values.contacts ?? '',
      issueDate,
      dueDate: values.dueDate,
      status,
      dteType: values.folio ? '34' : null,
      folio: values.folio ?? null,
    })
    .returning();
  if (!row) throw new Error('charge not inserted');
  return row;
}

/** How many rows a table holds (what 'nothing is deleted' is checked with). */
export async function countRows(t: TestApp, table: string, where = sql`true`): Promise<number> {
  const result = (await t.database.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${where}`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return Number(result.rows[0]?.n);
}

/** Records a payment through the API as the owner; answers the saved payment. */
export async function pay(
  t: TestApp,
  token: string,
  payload: { businessId: number; amount: string | number; date?: string; chargeIds?: number[]; method?: string },
) {
  const answer = await t.request({
    method: 'POST',
    url: '/api/billing/payments',
    token,
    payload: { date: '2026-11-10', method: 'transferencia', ...payload },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as {
    message: string;
    payment: {
      id: number;
      applied: number;
      credit: number;
      allocations: { chargeId: number; amount: number; released: boolean }[];
    };
  };
}
