// Part `approvals`: a company's list of approvals (GET /api/business/{id}/approvals) and an approval's
// certificate PDF (GET /api/approvals/{id}/certificate.pdf) at 2,000 companies with 5 approvals each
// (10,000: pending with reminders sent, approved, rejected, cancelled), each beside the same bytes
// served precomputed by node:http (the floor), read one after the other.
import http from 'node:http';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { rawAnswer, readsInARow } from './load.ts';

const REQUESTS = 30;
export const APPROVALS_PER_COMPANY = 5;

/**
 * Five approvals of every company, as the API would have written them: a PDF's name, size and
 * SHA-256, who asked; every fifth pending with two reminders, the others approved, rejected or
 * cancelled with who answered, when, from where and the browser.
 */
export async function seedApprovals(db: Db): Promise<{ approvals: number; reminders: number }> {
  await db.execute(sql`
    insert into approvals (business_id, source, storage_key, document_name, document_size, content_type, sha256,
      title, message, reminder_days, status, requested_by_name, requested_at,
      answered_by_name, answered_by_email, answered_at, answer_ip, answer_user_agent, comment,
      cancelled_by_name, cancelled_at)
    select b.id, 'upload', gen_random_uuid()::text, 'balance-' || b.id || '-' || g || '.pdf', 180000 + g * 1000, 'application/pdf',
      encode(sha256(convert_to(b.id || ':' || g, 'UTF8')), 'hex'),
      (array['Balance 2025', 'Borrador F29 octubre 2026', 'Carta de compromiso', 'Estados financieros', 'Borrador F22'])[g],
      'Revisa el documento, por favor.', 3,
      (array['pending', 'approved', 'approved', 'rejected', 'cancelled'])[g],
      'Carolina Muñoz', now() - (g * 7 || ' days')::interval,
      case when g in (2, 3, 4) then 'Cliente ' || b.id end,
      case when g in (2, 3, 4) then 'cliente' || b.id || '@empresa.cl' end,
      case when g in (2, 3, 4) then now() - (g * 7 - 2 || ' days')::interval end,
      case when g in (2, 3, 4) then '203.0.113.' || (b.id % 250) end,
      case when g in (2, 3, 4) then 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1' end,
      case when g = 4 then 'Falta la nota 5' when g in (2, 3) then 'Conforme' end,
      case when g = 5 then 'Carolina Muñoz' end,
      case when g = 5 then now() - (g * 7 - 1 || ' days')::interval end
    from businesses b, generate_series(1, ${APPROVALS_PER_COMPANY}) g`);
  await db.execute(sql`
    insert into approval_reminders (approval_id, number, claimed_at)
    select a.id, n, a.requested_at + (n * 3 || ' days')::interval
    from approvals a, generate_series(0, 2) n
    where a.status = 'pending'
    on conflict do nothing`);
  const count = async (table: string) =>
    ((await db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] })
      .rows[0]?.n ?? 0;
  return { approvals: await count('approvals'), reminders: await count('approval_reminders') };
}

export async function benchApprovals(
  kind: string,
  base: string,
  token: string,
  floorOf: (body: Buffer, encoding: string | undefined) => Promise<{ url: string; close(): void }>,
  report: (...cells: (string | number)[]) => void,
) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const companies = (await (
    await fetch(`${base}/api/business`, { headers: { authorization: headers.authorization } })
  ).json()) as { id: number }[];
  const company = companies[Math.floor(companies.length / 2)];
  if (!company) throw new Error('no companies seeded');
  const list = (await (
    await fetch(`${base}/api/business/${company.id}/approvals`, { headers: { authorization: headers.authorization } })
  ).json()) as { id: number; status: string }[];
  const approved = list.find((approval) => approval.status === 'approved');
  if (!approved) throw new Error('no approved approval seeded');
  const endpoints = [
    {
      name: `GET a company's approvals (${list.length} of ${(companies.length * APPROVALS_PER_COMPANY).toLocaleString('en')})`,
      url: `${base}/api/business/${company.id}/approvals`,
    },
    { name: "GET an approval's certificate PDF", url: `${base}/api/approvals/${approved.id}/certificate.pdf` },
  ];
  try {
    for (const endpoint of endpoints) {
      const { body, encoding } = await rawAnswer(endpoint.url, headers);
      const api = await readsInARow(endpoint.url, headers, agent, REQUESTS);
      const floorServer = await floorOf(body, encoding);
      const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const floor = await readsInARow(floorServer.url, { 'accept-encoding': 'gzip' }, floorAgent, REQUESTS);
      floorAgent.destroy();
      floorServer.close();
      report(
        kind,
        `${endpoint.name}, ${(body.length / 1024).toFixed(1)} KB ${encoding ?? ''} as sent, ${REQUESTS} in a row, 2,000 companies`,
        `p50 ${api.p50.toFixed(1)} ms`,
        `p95 ${api.p95.toFixed(1)} ms`,
        `floor p50 ${floor.p50.toFixed(1)} / p95 ${floor.p95.toFixed(1)} ms (${(api.p50 / floor.p50).toFixed(1)}× at p50)`,
      );
    }
  } finally {
    agent.destroy();
  }
}
