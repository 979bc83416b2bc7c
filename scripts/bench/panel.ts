import http from 'node:http';
import type { Locator, Page } from '@playwright/test';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { readsInARow } from './load.ts';

const REQUESTS = 30;

/**
 * What the panel counts besides the board the bench seeds (2,000 companies × 12 services × 24
 * months): one history entry per saved cell of the last 12 months (when it reached its state: its
 * last change), so the punctuality counts read the history as on a firm's database. The requests,
 * billing and owners come from the requests, collections and tax-calendar seeds.
 */
export async function seedPanel(db: Db): Promise<{ historyEntries: number }> {
  const result = (await db.execute(sql`insert into monthly_state_history
      (business_id, service_id, year, month, from_state_id, to_state_id, value, user_id, user_name, created_at)
    select business_id, service_id, year, month, null, state_id, value, null, updated_by_name, updated_at
    from monthly_states
    where year * 12 + month > (select max(year * 12 + month) - 12 from monthly_states)
    returning 1`)) as unknown as { rows: unknown[] };
  return { historyEntries: result.rows.length };
}

type Report = (...cells: (string | number)[]) => void;

/**
 * Each panel endpoint as an owner: the first answer after the start (built from the database) and
 * then 30 in a row (kept until a table changes), every company.
 */
export async function benchPanelApi(kind: string, base: string, token: string, report: Report) {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const paths = [
    '/api/panel/progress',
    '/api/panel/punctuality',
    '/api/panel/workload',
    '/api/panel/requests-age',
    '/api/panel/billing',
  ];
  try {
    for (const path of paths) {
      const url = `${base}${path}`;
      const { size, first, p50, p95 } = await readsInARow(url, headers, agent, REQUESTS);
      report(
        kind,
        `GET ${path} (2,000 companies × 12 services × 24 months), ${(size / 1024).toFixed(1)} KB as sent: first answer, then ${REQUESTS} in a row`,
        `first ${first.toFixed(1)} ms`,
        `p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`,
        'first under 1 s; kept under 50 ms',
      );
    }
  } finally {
    agent.destroy();
  }
}

/** A screen the browser benchmark opens, and what on it shows it can be used (run.ts's TimedScreen). */
interface PanelScreen {
  name: string;
  path: string;
  ready: (page: Page) => Locator;
}

/** '/panel' as an owner until its first chart can be used, and until its last one (receivables by aging) is drawn, beside the floor. */
export async function benchPanelPage(
  kind: string,
  screensBesideFloor: (kind: string, screens: PanelScreen[], target?: string) => Promise<void>,
) {
  await screensBesideFloor(
    kind,
    [
      {
        name: "/panel with 2,000 companies × 12 services × 24 months, until the progress chart's bars can be clicked",
        path: '/panel',
        ready: (page) => page.locator('[data-testid="panel-chart"] [data-state]').first(),
      },
      {
        name: '/panel, the same, until its six charts are drawn',
        path: '/panel',
        // The progress chart is plain elements; the other five are drawn by the charts library.
        ready: (page) => page.locator('[data-testid="panel-chart"] .recharts-surface').nth(4),
      },
    ],
    'target under 600 ms',
  );
}
