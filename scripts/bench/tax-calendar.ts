import http from 'node:http';
import { santiagoDate } from '@app/shared/period';
import { CATALOGUE_KEYS } from '@app/shared/tax-catalogue';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { readsInARow } from './load.ts';

const REQUESTS = 30;

/**
 * Due days on the seeded services (the board's seed leaves them without): 10 to 19 on paper, 20
 * online for every other one, so each month shows paper and online dates apart; a staff member as
 * 'Encargado' of every fifth company, so the month of the companies without one counts four in five.
 */
export async function seedTaxCalendar(db: Db): Promise<{ services: number }> {
  await db.execute(
    sql`update services set due_day = 10 + id % 10, due_day_electronic = case when id % 2 = 0 then 20 end`,
  );
  await db.execute(sql`update businesses set responsible_user_id = (select min(id) from users where role in ('owner', 'collaborator'))
    where id % 5 = 0`);
  const result = (await db.execute(
    sql`select count(*)::int as n from services where due_day is not null`,
  )) as unknown as {
    rows: { n: number }[];
  };
  return { services: result.rows[0]?.n ?? 0 };
}

/**
 * GET /api/tax-calendar/month of this month (2,000 companies × 12 services: the counts of the periods
 * falling due in it and in today's week, one aggregate query per period with a service due then), every
 * company and those without an owner, 30 in a row each.
 */
export async function benchTaxCalendar(
  kind: string,
  base: string,
  token: string,
  report: (...cells: (string | number)[]) => void,
) {
  const today = santiagoDate();
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const pages = [
    { name: 'every company', path: `/api/tax-calendar/month?anio=${year}&mes=${month}` },
    {
      name: "'Sin encargado': 1,600 companies",
      path: `/api/tax-calendar/month?anio=${year}&mes=${month}&encargado=none`,
    },
  ];
  try {
    for (const page of pages) {
      const url = `${base}${page.path}`;
      const { size, p50, p95 } = await readsInARow(url, headers, agent, REQUESTS);
      report(
        kind,
        `GET /api/tax-calendar/month (${page.name}; 2,000 companies × 12 services), ${(size / 1024).toFixed(1)} KB as sent, ${REQUESTS} in a row`,
        `p50 ${p50.toFixed(1)} ms`,
        `p95 ${p95.toFixed(1)} ms`,
        'target under 400 ms',
      );
    }
    // The owner's .ics feed: every company's obligations from three months back to three ahead.
    const created = await fetch(`${base}/api/profile/calendar-feed`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    if (!created.ok) throw new Error(`calendar feed: ${created.status} ${await created.text()}`);
    const feedUrl = `${base}${((await created.json()) as { path: string }).path}`;
    const feed = await readsInARow(feedUrl, { 'accept-encoding': 'gzip' }, agent, REQUESTS);
    report(
      kind,
      `GET /api/calendar-feed/{token}.ics (an owner's: ~6 months of due dates, 2,000 companies × 12 services), ${(feed.size / 1024).toFixed(1)} KB as sent, ${REQUESTS} in a row`,
      `p50 ${feed.p50.toFixed(1)} ms`,
      `p95 ${feed.p95.toFixed(1)} ms`,
      'a calendar app polls it every few hours',
    );

    // 'Cargar obligaciones del SII' with every entry: the first load creates them all, the second finds
    // them loaded and writes nothing.
    for (const round of ['first: creates every entry', 'again: all loaded, nothing written']) {
      const started = performance.now();
      const loaded = await fetch(`${base}/api/service/catalogue/load`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ keys: CATALOGUE_KEYS }),
      });
      if (!loaded.ok) throw new Error(`catalogue load: ${loaded.status} ${await loaded.text()}`);
      await loaded.arrayBuffer();
      report(
        kind,
        `POST /api/service/catalogue/load, all ${CATALOGUE_KEYS.length} entries (${round})`,
        `${(performance.now() - started).toFixed(0)} ms`,
        '',
        'target under 2 s',
      );
    }
  } finally {
    agent.destroy();
  }
}
