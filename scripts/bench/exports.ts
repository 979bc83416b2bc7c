// `npm run bench -- exports`: 'Exportar a Excel' of the monthly board (target: under 2 s with flat
// memory) for all 2,000 companies × 12 services, as the browser asks for it (every id, in the board's
// order). Reports the time of each export (the first builds the board, the next ones read it built)
// and the server's RSS before, at its peak during, and after the exports.
import { percentile, rssMb, withPeakRss } from './load.ts';

const RUNS = 5;

export async function benchExports(
  kind: string,
  token: string,
  pid: number,
  boardUrl: string,
  report: (...cells: (string | number)[]) => void,
) {
  const headers = { authorization: `Bearer ${token}` };
  const board = (await (await fetch(boardUrl, { headers })).json()) as { rows: { business: { id: number } }[] };
  const businessIds = board.rows.map((row) => row.business.id);
  const before = rssMb(pid);
  const times: number[] = [];
  let bytes = 0;
  const { peakMb } = await withPeakRss(pid, async () => {
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const response = await fetch(`${boardUrl}/export`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ businessIds }),
      });
      if (!response.ok) throw new Error(`export answered ${response.status}: ${await response.text()}`);
      bytes = (await response.arrayBuffer()).byteLength;
      times.push(performance.now() - started);
    }
  });
  const after = rssMb(pid);
  times.sort((a, b) => a - b);
  report(
    kind,
    `export of the monthly board to .xlsx, ${businessIds.length.toLocaleString('en')} companies × 12 services (${(bytes / 2 ** 20).toFixed(1)} MB; median / slowest of ${RUNS})`,
    `${percentile(times, 0.5).toFixed(0)} ms`,
    `${(times.at(-1) ?? 0).toFixed(0)} ms`,
    `RSS ${before.toFixed(0)} → peak ${peakMb.toFixed(0)} → ${after.toFixed(0)} MB`,
  );
}
