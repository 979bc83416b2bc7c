// `npm run bench -- activity`: the activity log's page (target: under 100 ms p95 at 1,000,000
// entries). Fills 1,000,000 entries (30 users, 2,000 companies, every kind, over 2 years) with a few
// `insert … select from generate_series` statements, then times 30 requests one after another of
// each page below, beside the same bytes served precomputed by node:http (the floor). On
// PostgreSQL it also asks EXPLAIN whether each query reads an index (no sequential scan, no sort).
import http from 'node:http';
import { activityKindList } from '@app/shared/activity';
import { santiagoDate } from '@app/shared/period';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../apps/server/src/db/client.ts';
import { getBytes, percentile, rawAnswer } from './load.ts';

export const ACTIVITY_ROWS = 1_000_000;
const BATCH = 250_000;
const REQUESTS = 30;
/** The company, kind and user the filtered pages ask for. */
const COMPANY = 17;
const KIND = 'monthly_state';
const USER = 5;

/**
 * 1,000,000 entries in 4 statements: user 1 + g % 30 (an entry in 40 the scheduler's), company
 * 1 + g·31 % 2,000 (one in 10 none), every kind and a fitting action, `at` spread over the last 730
 * days (a multiplicative hash of g, so neighbours are far apart), a change in the details of half.
 */
export async function seedActivity(db: Db, rows = ACTIVITY_ROWS): Promise<{ activity: number; seconds: number }> {
  const started = performance.now();
  const kinds = sql.raw(`array[${activityKindList.map((kind) => `'${kind}'`).join(',')}]`);
  for (let first = 1; first <= rows; first += BATCH) {
    const last = Math.min(rows, first + BATCH - 1);
    await db.execute(sql`
      insert into activity (at, actor_id, actor_name, ip, kind, action, record_id, record_label, business_id, business_name, details)
      select now() - make_interval(secs => ((g::bigint * 7919) % 1000003) / 1000003.0 * 730 * 86400),
             case when g % 40 = 0 then null else 1 + g % 30 end,
             case when g % 40 = 0 then null else 'Usuario ' || (1 + g % 30) end,
             case when g % 40 = 0 then null else '10.0.' || (g % 30) || '.' || (g % 200) end,
             (${kinds})[1 + g % ${activityKindList.length}],
             (array['created','updated','updated','updated','deleted'])[1 + (g / 7) % 5],
             (g % 5000)::text,
             'Registro ' || (g % 5000),
             case when g % 10 = 0 then null else 1 + (g * 31) % 2000 end,
             case when g % 10 = 0 then null else 'Empresa ' || (1 + (g * 31) % 2000) end,
             case when g % 2 = 0 then jsonb_build_object('before', jsonb_build_object('estado', 'Pendiente'),
                                                         'after', jsonb_build_object('estado', 'Listo'))
                  else null end
      from generate_series(${first}::int, ${last}::int) as g`);
  }
  await db.execute(sql`analyze activity`);
  return { activity: rows, seconds: Math.round((performance.now() - started) / 1000) };
}

/** The queries GET /api/activity sends for each page measured (the repository's shape), to EXPLAIN. */
function plansToCheck(weekAgo: string, after: string) {
  const order = 'order by at desc nulls last, id desc nulls last limit 51';
  return [
    ['first page', `select * from activity ${order}`],
    [
      'company+kind+week',
      `select * from activity where business_id = ${COMPANY} and kind = '${KIND}' and at >= '${weekAgo}' ${order}`,
    ],
    ['user', `select * from activity where actor_id = ${USER} ${order}`],
    ['kind', `select * from activity where kind = '${KIND}' ${order}`],
    ['company', `select * from activity where business_id = ${COMPANY} ${order}`],
    ['dates', `select * from activity where at >= '${weekAgo}' and at < now() - interval '1 day' ${order}`],
    ['page 200 (cursor)', `select * from activity where (at, id) < ${after} ${order}`],
    ['user, page 200 (cursor)', `select * from activity where actor_id = ${USER} and (at, id) < ${after} ${order}`],
  ] as const;
}

/** EXPLAIN of each query: the indexes it reads, and whether it scans or sorts the whole table. */
export async function explainActivity(databaseUrl: string, report: (...cells: (string | number)[]) => void) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const { rows: cursorRows } = await client.query<{ at: string; id: string }>(
      'select at::text as at, id from activity order by at desc nulls last, id desc nulls last offset 9999 limit 1',
    );
    const after = `('${cursorRows[0]?.at}'::timestamptz, ${cursorRows[0]?.id})`;
    for (const [name, query] of plansToCheck(weekAgo, after)) {
      const { rows } = await client.query<{ 'QUERY PLAN': string }>(`explain ${query}`);
      const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
      const indexes = [...new Set([...plan.matchAll(/using (\w+)/g)].map((match) => match[1]))].join(', ');
      const bad = [/Seq Scan on activity/.test(plan) && 'SEQ SCAN', /\bSort\b/.test(plan) && 'SORT']
        .filter(Boolean)
        .join(' + ');
      report('postgres', `EXPLAIN activity, ${name}`, indexes || '(no index)', bad || 'no seq scan, no sort', '');
      if (bad) console.log(plan);
    }
  } finally {
    await client.end();
  }
}

async function timed(url: string, headers: Record<string, string>, agent: http.Agent) {
  const times: number[] = [];
  for (let run = 0; run < REQUESTS; run++) {
    const started = performance.now();
    await getBytes(url, headers, agent);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

export async function benchActivity(
  kind: string,
  base: string,
  token: string,
  floorOf: (body: Buffer, encoding: string | undefined) => Promise<{ url: string; close(): void }>,
  report: (...cells: (string | number)[]) => void,
) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = async (path: string) => {
    const response = await fetch(`${base}${path}`, { headers: { authorization: headers.authorization } });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { rows: unknown[]; nextCursor: string | null };
  };
  // 200 pages deep: the cursors followed from the first page (10,000 entries in).
  let cursor: string | null = null;
  const walkStarted = performance.now();
  for (let page = 0; page < 199; page++) {
    cursor = (await get(`/api/activity${cursor ? `?cursor=${cursor}` : ''}`)).nextCursor;
    if (!cursor) throw new Error(`the log ended after ${page + 1} pages`);
  }
  const walkMs = (performance.now() - walkStarted) / 199;
  const weekAgo = santiagoDate(new Date(Date.now() - 7 * 86_400_000));
  const pages = [
    { name: 'first page, unfiltered', path: '/api/activity' },
    {
      name: 'first page, company + kind + last week',
      path: `/api/activity?businessId=${COMPANY}&kind=${KIND}&from=${weekAgo}`,
    },
    { name: 'page 200 (cursor followed from the first)', path: `/api/activity?cursor=${cursor}` },
    { name: 'first page, one user', path: `/api/activity?userId=${USER}` },
    { name: 'page 200 of one user', path: `/api/activity?userId=${USER}&cursor=${cursor}` },
  ];
  try {
    for (const page of pages) {
      const url = `${base}${page.path}`;
      const rows = (await get(page.path)).rows.length;
      const { body, encoding } = await rawAnswer(url, headers);
      await timed(url, headers, agent); // warm-up
      const api = await timed(url, headers, agent);
      const floorServer = await floorOf(body, encoding);
      const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const floor = await timed(floorServer.url, { 'accept-encoding': 'gzip' }, floorAgent);
      floorAgent.destroy();
      floorServer.close();
      report(
        kind,
        `GET activity at 1M entries: ${page.name} (${rows} rows, ${(body.length / 1024).toFixed(1)} KB ${encoding ?? 'JSON'}; ${REQUESTS} in a row)`,
        `p50 ${api.p50.toFixed(1)} ms`,
        `p95 ${api.p95.toFixed(1)} ms`,
        `floor p50 ${floor.p50.toFixed(1)} / p95 ${floor.p95.toFixed(1)} ms`,
      );
    }
    report(kind, 'activity: walking the first 199 pages by cursor, mean per page', `${walkMs.toFixed(1)} ms`, '', '');
    // What every signed-in request pays (token, session) on this machine at this moment, for reading the above.
    const me = await timed(`${base}/api/user/me`, headers, agent);
    report(
      kind,
      `GET /api/user/me (sign-in check only; ${REQUESTS} in a row)`,
      `p50 ${me.p50.toFixed(1)} ms`,
      `p95 ${me.p95.toFixed(1)} ms`,
      '',
    );
  } finally {
    agent.destroy();
  }
}
