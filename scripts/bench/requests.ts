import http from 'node:http';
import { currentPeriod, type Period } from '@app/shared/period';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { readsInARow } from './load.ts';

const REQUESTS = 30;

/** The rows of a raw statement: PGlite and node-postgres both answer `{ rows }`. */
async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const ITEMS = 3;

/**
 * A month of document requests at a firm of 2,000 companies: one request of three items for every
 * company in the current period, each item filed in its company's folder of the month, and a
 * client's file against every other item (what /solicitudes lists and the to-review counts read).
 */
export async function seedRequests(db: Db, period: Period = currentPeriod()): Promise<{ requests: number }> {
  const { year, month } = period;
  const due = `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-20`;
  const [service] = await rowsOf<{ id: number }>(db, sql`select id from services order by id limit 1`);
  if (!service) throw new Error('no service to file the requests under');
  const [folder] = await rowsOf<{ id: number }>(
    db,
    sql`insert into service_folders (service_id, name, client_can_upload) values (${service.id}, 'Solicitudes', true) returning id`,
  );
  if (!folder) throw new Error('folder insert failed');
  await db.execute(sql`insert into business_folders (business_id, service_folder_id, year, month)
    select id, ${folder.id}, ${year}, ${month} from businesses`);
  await db.execute(sql`insert into document_requests (business_id, year, month, title, due_date, service_id)
    select id, ${year}, ${month}, 'Documentos del mes', ${due}, ${service.id} from businesses`);
  await db.execute(sql`insert into document_request_items (request_id, name, service_folder_id, position)
    select r.id, 'Documento ' || (p + 1), ${folder.id}, p
      from document_requests r, generate_series(0, ${ITEMS - 1}) as p
     where r.year = ${year} and r.month = ${month}`);
  await db.execute(sql`insert into business_files (business_folder_id, name, storage_key, size, from_client, request_item_id)
    select bf.id, 'documento-' || i.id || '.pdf', 'bench-request-' || i.id, 120000, true, i.id
      from document_request_items i
      join document_requests r on r.id = i.request_id
      join business_folders bf on bf.business_id = r.business_id and bf.service_folder_id = ${folder.id}
                               and bf.year = r.year and bf.month = r.month
     where i.id % 2 = 0`);
  await db.execute(sql`analyze document_requests`);
  await db.execute(sql`analyze document_request_items`);
  await db.execute(sql`analyze business_files`);
  const [count] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from document_requests where year = ${year} and month = ${month}`,
  );
  return { requests: count?.n ?? 0 };
}

/** GET /api/requests of the month (every company) and the to-review counts, 30 in a row each (gzip). */
export async function benchRequests(
  kind: string,
  base: string,
  token: string,
  report: (...cells: (string | number)[]) => void,
) {
  const { year, month } = currentPeriod();
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const pages = [
    {
      name: `GET /api/requests of a month (2,000 companies × ${ITEMS} items)`,
      path: `/api/requests?year=${year}&month=${month}`,
    },
    { name: 'GET /api/requests/to-review (kept between changes)', path: '/api/requests/to-review' },
  ];
  try {
    for (const page of pages) {
      const url = `${base}${page.path}`;
      const { size, p50, p95 } = await readsInARow(url, headers, agent, REQUESTS);
      report(
        kind,
        `${page.name}, ${(size / 1024).toFixed(0)} KB as sent (gzip accepted), ${REQUESTS} in a row`,
        `p50 ${p50.toFixed(1)} ms`,
        `p95 ${p95.toFixed(1)} ms`,
        'target p95 under 100 ms',
      );
    }
  } finally {
    agent.destroy();
  }
}
