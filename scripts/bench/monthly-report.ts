// The monthly report ('Informe mensual') at 2,000 companies with the board's seed (12 services × 24
// months, every cell saved), the cells' history (the panel's seed), a month of document requests and
// 24 months of charges and payments: one company's PDF of the last full period, built from the
// database each time (nothing of it is kept), beside the same bytes served by a bare node:http (the floor).
import http from 'node:http';
import { currentPeriod } from '@app/shared/period';
import { getBytes, percentile, rawAnswer } from './load.ts';

const REPORTS = 30;

type Report = (...cells: (string | number)[]) => void;
type FloorOf = (body: Buffer, encoding: string | undefined) => Promise<{ url: string; close(): void }>;

/** `count` GETs one after the other, a different company each (p50 and p95, ms). */
async function timedReports(urls: string[], headers: Record<string, string>, agent: http.Agent) {
  const times: number[] = [];
  for (const url of urls) {
    const sent = performance.now();
    await getBytes(url, headers, agent);
    times.push(performance.now() - sent);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

export async function benchMonthlyReport(kind: string, base: string, token: string, floorOf: FloorOf, report: Report) {
  const headers = { authorization: `Bearer ${token}` };
  const companies = (await (await fetch(`${base}/api/business`, { headers })).json()) as { id: number }[];
  const current = currentPeriod();
  // The last full period: the month before the current one, every cell of it saved by the seed.
  const index = current.year * 12 + current.month - 2;
  const period = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  const step = Math.max(1, Math.floor(companies.length / REPORTS));
  const urls = Array.from(
    { length: REPORTS },
    (_, n) =>
      `${base}/api/business/${companies[(n * step) % companies.length]?.id}/monthly-report?anio=${period.year}&mes=${period.month}`,
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  try {
    // The first loads PDFKit and builds the month's board parts.
    const started = performance.now();
    const { body } = await rawAnswer(urls[0] ?? '', headers);
    const first = performance.now() - started;
    const reports = await timedReports(urls, headers, agent);
    const floorServer = await floorOf(body, undefined);
    const floorAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const floor = await timedReports(
      urls.map(() => floorServer.url),
      {},
      floorAgent,
    );
    floorAgent.destroy();
    floorServer.close();
    report(
      kind,
      `monthly report PDF of one company (${companies.length.toLocaleString('en')} companies × 12 services × 24 months, ${(body.length / 1024).toFixed(1)} KB), ${REPORTS} companies one after the other`,
      `first ${first.toFixed(1)} ms; p50 ${reports.p50.toFixed(1)} ms (floor ${floor.p50.toFixed(1)})`,
      `p95 ${reports.p95.toFixed(1)} ms (floor ${floor.p95.toFixed(1)})`,
      'target one report under 500 ms',
    );
  } finally {
    agent.destroy();
  }
}
