import http from 'node:http';
import { santiagoDate } from '@app/shared/current-period';
import type { Period } from '@app/shared/period';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { getBytes, percentile } from './load.ts';

const READS = 30;

/** The three calendar months before this one (Santiago): the months the part generates (this month's charges the scheduler makes at start-up). */
function benchMonths(): Period[] {
  const today = santiagoDate();
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return [3, 2, 1].map((back) => {
    const index = year * 12 + (month - 1) - back;
    return { year: Math.floor(index / 12), month: (index % 12) + 1 };
  });
}

/**
 * 'Honorarios y cobranza' at a firm of 2,000 companies: fee terms for every company (half in
 * pesos, half in UF; facturas afectas, exentas and boletas in turn; billing days 1–28) and a UF
 * value for every day of the months generated.
 */
export async function seedBilling(db: Db): Promise<{ terms: number; ufDays: number }> {
  await db.execute(sql`insert into billing_fee_terms
      (business_id, effective_from, currency, amount, document_type, billing_day, payment_term_days)
    select id, '2018-01-01', case when id % 2 = 0 then 'UF' else 'CLP' end,
           case when id % 2 = 0 then 250 + (id % 7) * 50 else 100000 + (id % 10) * 5000 end,
           (array['factura_afecta', 'factura_exenta', 'boleta_honorarios'])[1 + id % 3],
           1 + id % 28, 10 + id % 20
      from businesses`);
  const [first] = benchMonths();
  const from = `${first?.year}-${String(first?.month).padStart(2, '0')}-01`;
  await db.execute(sql`insert into uf_values (date, value_hundredths, source)
    select d::date, 3940000 + (d::date - ${from}::date) * 317, 'import'
      from generate_series(${from}::date, (${from}::date + interval '100 days')::date, interval '1 day') as d`);
  const rows = (await db.execute(
    sql`select (select count(*)::int from billing_fee_terms) as terms, (select count(*)::int from uf_values) as days`,
  )) as unknown as { rows: { terms: number; days: number }[] };
  return { terms: rows.rows[0]?.terms ?? 0, ufDays: rows.rows[0]?.days ?? 0 };
}

async function post(url: string, token: string, body: unknown) {
  const started = performance.now();
  const answer = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await answer.json()) as { created?: number; existing?: number; message?: string };
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${JSON.stringify(json)}`);
  return { ms: performance.now() - started, json };
}

/**
 * 'Generar cobros del mes' for three months in a row (each creates 2,000 charges with their
 * activity entries), the same month again (creates none), then a month's charge list, 30 in a row.
 */
export async function benchBilling(
  kind: string,
  base: string,
  token: string,
  report: (...cells: (string | number)[]) => void,
) {
  const months = benchMonths();
  const times: number[] = [];
  let created = 0;
  for (const month of months) {
    const { ms, json } = await post(`${base}/api/billing/charges/generate`, token, month);
    times.push(ms);
    created = json.created ?? 0;
  }
  const last = months[months.length - 1] as Period;
  const again = await post(`${base}/api/billing/charges/generate`, token, last);
  report(
    kind,
    `POST /api/billing/charges/generate: a month of ${created.toLocaleString('en')} charges for 2,000 companies (half in UF), 3 months in a row; then the same month again (${again.json.existing} existing, ${again.json.created} created)`,
    `${times.map((time) => `${time.toFixed(0)} ms`).join(' / ')}`,
    `again ${again.ms.toFixed(0)} ms`,
    'target under 2 s',
  );
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const url = `${base}/api/billing/charges?year=${last.year}&month=${last.month}`;
    const size = await getBytes(url, headers, agent);
    const reads: number[] = [];
    for (let run = 0; run < READS; run++) {
      const started = performance.now();
      await getBytes(url, headers, agent);
      reads.push(performance.now() - started);
    }
    reads.sort((a, b) => a - b);
    report(
      kind,
      `GET /api/billing/charges of a month (2,000 charges, ${(size / 1024).toFixed(0)} KB as sent, gzip accepted), ${READS} in a row`,
      `p50 ${percentile(reads, 0.5).toFixed(1)} ms`,
      `p95 ${percentile(reads, 0.95).toFixed(1)} ms`,
      'target p95 under 100 ms',
    );
  } finally {
    agent.destroy();
  }
}
