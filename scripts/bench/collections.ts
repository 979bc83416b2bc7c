import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { getBytes, percentile, readsInARow } from './load.ts';

const READS = 30;
const STATEMENTS = 60;
const CARTOLA_LINES = 2000;

/**
 * 'Cobranza' at a firm of 2,000 companies: 24 months of issued charges for every company (due the
 * 15th, $100.000–$145.000), each paid in full three days before its due date, except the last
 * three months of every fifth company (overdue) and half of the last month of every seventh
 * (partly paid). Written in a few set-based statements.
 */
export async function seedCollections(db: Db): Promise<{ charges: number; payments: number; allocations: number }> {
  await db.execute(sql`insert into billing_charges
      (business_id, period_year, period_month, source, generation_key, description, currency, document_type,
       net, tax_kind, tax_rate, tax_amount, total, issue_date, due_date, status, dte_type, folio)
    select b.id, extract(year from m)::int, extract(month from m)::int, 'fee', 'bench-cobranza:' || b.id || ':' || k,
           'Honorarios ' || to_char(m, 'YYYY-MM'), 'CLP', 'factura_exenta',
           100000 + (b.id % 10) * 5000, 'none', 0, 0, 100000 + (b.id % 10) * 5000,
           (m + interval '4 days')::date, (m + interval '14 days')::date, 'issued', '34', 900000 + b.id * 100 + k
      from businesses b
      cross join generate_series(1, 24) as k
      cross join lateral (select (date_trunc('month', current_date) - (k || ' months')::interval)::date as m) as month`);
  await db.execute(sql`insert into billing_payments (business_id, date, amount, method, reference, source, status)
    select c.business_id, c.due_date - 3,
           case when c.business_id % 7 = 0 and c.period_year * 12 + c.period_month = extract(year from current_date)::int * 12 + extract(month from current_date)::int - 1
                then c.total / 2 else c.total end,
           'transferencia', 'bench:' || c.id, 'manual', 'confirmed'
      from billing_charges c
     where c.generation_key like 'bench-cobranza:%'
       and not (c.business_id % 5 = 0 and c.period_year * 12 + c.period_month >= extract(year from current_date)::int * 12 + extract(month from current_date)::int - 3)`);
  await db.execute(sql`insert into billing_payment_allocations (payment_id, charge_id, amount)
    select p.id, c.id, p.amount
      from billing_payments p
      join billing_charges c on p.reference = 'bench:' || c.id`);
  const rows = (await db.execute(sql`select
      (select count(*)::int from billing_charges) as charges,
      (select count(*)::int from billing_payments) as payments,
      (select count(*)::int from billing_payment_allocations) as allocations`)) as unknown as {
    rows: { charges: number; payments: number; allocations: number }[];
  };
  return rows.rows[0] ?? { charges: 0, payments: 0, allocations: 0 };
}

/** A bank statement of `lines` deposits: a third naming a company's RUT, a third a folio, a third nothing known. */
function cartolaCsv(ruts: string[], lines: number): Buffer {
  const rows = ['Fecha;Descripción;Monto;RUT'];
  for (let index = 0; index < lines; index++) {
    const day = String(1 + (index % 28)).padStart(2, '0');
    const rut = ruts[index % ruts.length] ?? '';
    const description =
      index % 3 === 0
        ? `TRANSF DE ${rut.replaceAll('.', '')} PAGO HONORARIOS`
        : index % 3 === 1
          ? `PAGO FACTURA ${900000 + (index % 2000) * 100 + 1}`
          : `DEPOSITO EN EFECTIVO ${index}`;
    rows.push(`${day}/10/2026;${description};${(100000 + index).toLocaleString('es-CL')};`);
  }
  return Buffer.from(rows.join('\r\n'), 'utf8');
}

async function postCartola(base: string, token: string, csv: Buffer): Promise<{ ms: number; proposed: number }> {
  const boundary = `----bench${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cartola.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const started = performance.now();
  const answer = await fetch(`${base}/api/billing/cartola/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const json = (await answer.json()) as { counts?: { proposed: number }; message?: string };
  const ms = performance.now() - started;
  if (!answer.ok) throw new Error(`cartola preview: ${answer.status} ${JSON.stringify(json)}`);
  return { ms, proposed: json.counts?.proposed ?? 0 };
}

/**
 * /cobranza's list (unfiltered and 'only overdue' by balance), the overdue ids, 'Exportar a
 * Excel', account statements of companies with 24 months each, and a 2,000-line cartola preview.
 */
export async function benchCollections(
  kind: string,
  base: string,
  token: string,
  report: (...cells: (string | number)[]) => void,
) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (const [label, query] of [
      ['every company', ''],
      ['only overdue, by balance', '?overdue=true&sort=balance&order=desc'],
    ] as const) {
      // Kept as built JSON between changes: these reads are served from memory.
      const read = await readsInARow(`${base}/api/billing/collections${query}`, headers, agent, READS);
      report(
        kind,
        `GET /api/billing/collections, ${label}: 2,000 companies × 24 months of charges and payments (${(read.size / 1024).toFixed(0)} KB as sent), ${READS} in a row`,
        `p50 ${read.p50.toFixed(1)} ms`,
        `p95 ${read.p95.toFixed(1)} ms`,
        'target under 400 ms',
      );
    }
    // The first read after a change builds the list afresh: a company's reminders stopped or resumed before each.
    const company = (
      (await (await fetch(`${base}/api/business`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        id: number;
      }[]
    )[0];
    const cold: number[] = [];
    for (let run = 0; run < 10; run++) {
      const changed = await fetch(`${base}/api/billing/business/${company?.id}/reminders`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ stopped: run % 2 === 0 }),
      });
      if (!changed.ok) throw new Error(`reminders: ${changed.status}`);
      const started = performance.now();
      await getBytes(`${base}/api/billing/collections`, headers, agent);
      cold.push(performance.now() - started);
    }
    cold.sort((a, b) => a - b);
    report(
      kind,
      'GET /api/billing/collections, the first read after a change (built afresh), 10 times',
      `p50 ${percentile(cold, 0.5).toFixed(1)} ms`,
      `slowest ${cold.at(-1)?.toFixed(1)} ms`,
      'target under 400 ms',
    );
    const ids = await readsInARow(`${base}/api/billing/collections/overdue-ids`, headers, agent, READS);
    report(
      kind,
      `GET /api/billing/collections/overdue-ids, ${READS} in a row`,
      `p50 ${ids.p50.toFixed(1)} ms`,
      `p95 ${ids.p95.toFixed(1)} ms`,
      '',
    );
    const exported = await readsInARow(`${base}/api/billing/collections/export`, headers, agent, 3);
    report(
      kind,
      `GET /api/billing/collections/export (.xlsx, ${(exported.size / 1024).toFixed(0)} KB)`,
      `p50 ${exported.p50.toFixed(0)} ms`,
      `slowest of 3 ${exported.p95.toFixed(0)} ms`,
      '',
    );

    const companies = (await (
      await fetch(`${base}/api/business`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      id: number;
      rut: string;
    }[];
    const times: number[] = [];
    for (let run = 0; run < STATEMENTS; run++) {
      const company = companies[(run * 37) % companies.length];
      const started = performance.now();
      await getBytes(`${base}/api/billing/business/${company?.id}/statement`, headers, agent);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    report(
      kind,
      `GET /api/billing/business/{id}/statement: ${STATEMENTS} companies of 24 charges and their payments`,
      `p50 ${percentile(times, 0.5).toFixed(1)} ms`,
      `p95 ${percentile(times, 0.95).toFixed(1)} ms`,
      'target p95 under 100 ms',
    );
    const pdfs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await getBytes(`${base}/api/billing/business/${companies[run]?.id}/statement/pdf`, headers, agent);
      pdfs.push(performance.now() - started);
    }
    pdfs.sort((a, b) => a - b);
    report(
      kind,
      'GET …/statement/pdf, 5 companies (the first loads PDFKit)',
      `p50 ${percentile(pdfs, 0.5).toFixed(0)} ms`,
      `slowest ${pdfs.at(-1)?.toFixed(0)} ms`,
      '',
    );

    const csv = cartolaCsv(
      companies.map((company) => company.rut),
      CARTOLA_LINES,
    );
    const previews = [];
    for (let run = 0; run < 3; run++) previews.push(await postCartola(base, token, csv));
    report(
      kind,
      `POST /api/billing/cartola/preview: ${CARTOLA_LINES.toLocaleString('en')} lines (${(csv.length / 1024).toFixed(0)} KB CSV; ${previews[0]?.proposed} proposals), 3 in a row`,
      previews.map((preview) => `${preview.ms.toFixed(0)} ms`).join(' / '),
      '',
      'target under 3 s',
    );
  } finally {
    agent.destroy();
  }
}
