import http from 'node:http';
import { mondayOf } from '@app/shared/duration';
import { santiagoDate } from '@app/shared/period';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { getBytes, percentile } from './load.ts';

const REQUESTS = 30;
/** Time entries seeded: the staff's last 180 days over every company. */
export const TIME_ENTRIES = 100_000;

/** Last month (a whole one), whose fees and hours the profitability reads. */
function lastMonth() {
  const today = santiagoDate();
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 2;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/**
 * 100,000 finished time entries of the staff over the last 180 days, spread over every company and
 * service (each of the 40 staff members has 2,500, some 14 every day, about 100 a week), an hourly cost for each staff
 * member, and last month's fee of every company as an issued charge.
 */
export async function seedTime(db: Db): Promise<{ entries: number; charges: number }> {
  await db.execute(sql`
    insert into time_entries (user_id, business_id, service_id, started_at, ended_at, minutes, date, note)
    select s.ids[1 + g % array_length(s.ids, 1)],
           b.ids[1 + (g * 7919) % array_length(b.ids, 1)],
           case when g % 3 = 0 then null else v.ids[1 + g % array_length(v.ids, 1)] end,
           now() - (((g / array_length(s.ids, 1)) % 180) || ' days')::interval,
           now() - (((g / array_length(s.ids, 1)) % 180) || ' days')::interval,
           15 + (g * 37) % 226,
           (current_date - (g / array_length(s.ids, 1)) % 180),
           ''
    from generate_series(1, ${TIME_ENTRIES}) g,
         (select array_agg(id order by id) ids from users where role <> 'client') s,
         (select array_agg(id order by id) ids from businesses) b,
         (select array_agg(id order by id) ids from services) v`);
  await db.execute(sql`
    insert into staff_hourly_costs (user_id, hourly_cost)
    select id, 15000 + (id % 10) * 2500 from users where role <> 'client'
    on conflict do nothing`);
  const { year, month } = lastMonth();
  const day = `${year}-${String(month).padStart(2, '0')}-01`;
  await db.execute(sql`
    insert into billing_charges (business_id, period_year, period_month, source, generation_key, description, currency,
      document_type, net, tax_kind, tax_rate, tax_amount, total, issue_date, due_date, status)
    select id, ${year}, ${month}, 'fee', 'bench-time:' || id, 'Honorarios', 'CLP', 'factura_afecta',
      200000 + (id % 50) * 10000, 'iva', 1900, 38000, 238000, ${day}::date, ${day}::date, 'issued'
    from businesses
    on conflict do nothing`);
  const count = async (table: string) =>
    ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
      .rows[0]?.n ?? 0;
  return { entries: await count('time_entries'), charges: await count('billing_charges') };
}

async function timed(run: () => Promise<unknown>, times = REQUESTS) {
  await run(); // warm-up
  const samples: number[] = [];
  for (let index = 0; index < times; index++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

async function post(base: string, token: string, path: string, body: unknown, agent: http.Agent) {
  return new Promise<void>((resolve, reject) => {
    const data = JSON.stringify(body);
    const request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': data.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${path} answered ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/**
 * Over 100,000 entries: last week's grid of the staff member with the most entries (GET /api/time/week,
 * target p95 under 100 ms) and its Excel export; a timer started and stopped (each target p95 under
 * 50 ms); last month's profitability of 2,000 companies (GET /api/panel/profitability).
 */
export async function benchTime(
  kind: string,
  base: string,
  token: string,
  report: (...cells: (string | number)[]) => void,
) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const staff = (await (await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    id: number;
    role: string;
  }[];
  const user = staff.find((candidate) => candidate.role !== 'client' && candidate.id !== staff[0]?.id) ?? staff[0];
  const lastWeek = mondayOf(santiagoDate(new Date(Date.now() - 7 * 86_400_000)));
  const { year, month } = lastMonth();
  const line = (name: string, samples: number[], target: string, size?: number) =>
    report(
      kind,
      `${name}${size === undefined ? '' : `, ${(size / 1024).toFixed(1)} KB as sent`}, ${samples.length} in a row (${TIME_ENTRIES.toLocaleString('en')} entries)`,
      `p50 ${percentile(samples, 0.5).toFixed(1)} ms`,
      `p95 ${percentile(samples, 0.95).toFixed(1)} ms`,
      target,
    );
  try {
    const weekUrl = `${base}/api/time/week?semana=${lastWeek}&usuario=${user?.id}`;
    const weekSize = await getBytes(weekUrl, headers, agent);
    line(
      "GET /api/time/week (a staff member's week)",
      await timed(() => getBytes(weekUrl, headers, agent)),
      'target p95 under 100 ms',
      weekSize,
    );
    const exportUrl = `${base}/api/time/week/export?semana=${lastWeek}&usuario=${user?.id}`;
    line('GET /api/time/week/export (.xlsx)', await timed(() => getBytes(exportUrl, headers, agent), 10), '');

    const business = (
      (await (await fetch(`${base}/api/business`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
        id: number;
      }[]
    )[0];
    const starts: number[] = [];
    const stops: number[] = [];
    for (let index = 0; index <= REQUESTS; index++) {
      let started = performance.now();
      await post(base, token, '/api/time/timer/start', { businessId: business?.id }, agent);
      if (index > 0) starts.push(performance.now() - started);
      started = performance.now();
      await post(base, token, '/api/time/timer/stop', {}, agent);
      if (index > 0) stops.push(performance.now() - started);
    }
    line(
      'POST /api/time/timer/start',
      starts.sort((a, b) => a - b),
      'target p95 under 50 ms',
    );
    line(
      'POST /api/time/timer/stop',
      stops.sort((a, b) => a - b),
      'target p95 under 50 ms',
    );

    const profitabilityUrl = `${base}/api/panel/profitability?anio=${year}&mes=${month}`;
    const size = await getBytes(profitabilityUrl, headers, agent);
    line(
      'GET /api/panel/profitability (a month, 2,000 companies)',
      await timed(() => getBytes(profitabilityUrl, headers, agent), 20),
      '',
      size,
    );
  } finally {
    agent.destroy();
  }
}
