// `npm run bench -- memory`: whether the heap cap of `npm start` (--max-old-space-size in
// package.json) holds when everything heavy happens at once on a 2,000-company firm: 6 uploaders
// each streaming 20 MB PDFs one after another, 20 readers of the monthly board (gzip, as browsers
// ask) and a reader downloading the whole board uncompressed again and again (its biggest JSON
// answer; the .xlsx exports stream and are measured by the `exports` part), all for MEMORY_SECONDS (20). The server's RSS is sampled from
// /proc and its V8 heap from its own /metrics (prom-client's process metrics); the part fails
// when any request fails or the server dies.
import { START_FLAGS } from '../start-flags.mjs';
import { getBytes, load, rssMb } from './load.ts';
import { streamUpload, uploadFolder } from './uploads.ts';

export const MEMORY_LOAD = { uploaders: 6, fileMb: 20, readers: 20, seconds: Number(process.env.MEMORY_SECONDS ?? 20) };
/** Sent to the server by run.ts so that its heap can be read from /metrics. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

interface Heap {
  usedMb: number;
  oldSpaceUsedMb: number;
  totalMb: number;
}

/** The server's V8 heap as its /metrics tells it. */
export async function heapOf(base: string): Promise<Heap | null> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (!response.ok) return null;
  const text = await response.text();
  const metric = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? Number.NaN) / 2 ** 20;
  return {
    usedMb: metric(/^nodejs_heap_size_used_bytes (\S+)/m),
    totalMb: metric(/^nodejs_heap_size_total_bytes (\S+)/m),
    oldSpaceUsedMb: metric(/^nodejs_heap_space_size_used_bytes\{space="old"\} (\S+)/m),
  };
}

export async function benchMemory(
  kind: string,
  base: string,
  token: string,
  pid: number,
  boardUrl: string,
  report: (...cells: (string | number)[]) => void,
) {
  const folderId = await uploadFolder(base, token);
  const cap = START_FLAGS.find((flag) => flag.startsWith('--max-old-space-size=')) ?? '(no cap)';
  const atRest = { rss: rssMb(pid), heap: await heapOf(base) };
  const peak = { rss: atRest.rss, used: 0, oldSpace: 0, total: 0 };
  const sample = async () => {
    peak.rss = Math.max(peak.rss, rssMb(pid));
    const heap = await heapOf(base).catch(() => null);
    if (!heap) return;
    peak.used = Math.max(peak.used, heap.usedMb);
    peak.oldSpace = Math.max(peak.oldSpace, heap.oldSpaceUsedMb);
    peak.total = Math.max(peak.total, heap.totalMb);
  };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();

  const deadline = performance.now() + MEMORY_LOAD.seconds * 1000;
  const auth = { authorization: `Bearer ${token}` };
  const fileBytes = MEMORY_LOAD.fileMb * 1024 * 1024 - 4096; // just under FILE_MAX_MB
  const uploadStatuses: number[] = [];
  const exports: number[] = [];
  const started = performance.now();
  const [readers] = await Promise.all([
    load(boardUrl, { connections: MEMORY_LOAD.readers, seconds: MEMORY_LOAD.seconds, headers: auth }),
    ...Array.from({ length: MEMORY_LOAD.uploaders }, async () => {
      while (performance.now() < deadline) {
        uploadStatuses.push(await streamUpload(base, token, folderId, 1, fileBytes));
      }
    }),
    (async () => {
      while (performance.now() < deadline) {
        exports.push(await getBytes(boardUrl, { ...auth, 'accept-encoding': 'identity' }));
      }
    })(),
  ]);
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  await sample();

  let alive = true;
  try {
    process.kill(pid, 0);
    alive = (await fetch(`${base}/api/health`)).ok;
  } catch {
    alive = false;
  }
  const uploadsOk = uploadStatuses.every((status) => status === 201);
  const ok = alive && uploadsOk;
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  report(
    kind,
    `${MEMORY_LOAD.uploaders} uploaders of ${MEMORY_LOAD.fileMb} MB PDFs (${uploadStatuses.length} uploads${uploadsOk ? ', all 201' : `: ${uploadStatuses.join(',')}`}) + ${MEMORY_LOAD.readers} board readers (${readers.requests} GETs, p95 ${readers.p95.toFixed(0)} ms) + board export uncompressed (${exports.length} × ${((exports[0] ?? 0) / 2 ** 20).toFixed(1)} MB), ${seconds.toFixed(0)} s`,
    `RSS ${mb(atRest.rss)} → peak ${mb(peak.rss)}`,
    `heap used peak ${mb(peak.used)} (old space ${mb(peak.oldSpace)}, heap total ${mb(peak.total)}); at rest ${atRest.heap ? mb(atRest.heap.usedMb) : '?'}`,
    `${cap}: ${ok ? 'server alive, every request answered ✔' : `✘ ${alive ? 'requests failed' : 'the server died'}`}`,
  );
  if (!ok) process.exitCode = 1;
}
