import fs from 'node:fs';
import http from 'node:http';

export interface LoadResult {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  bytes: number;
}

export function percentile(sorted: number[], fraction: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

/** One GET (over `agent`'s kept-alive connections when given), read as raw bytes (never decompressed); answers the byte count, throws on any status but 200. */
export function getBytes(url: string, headers: Record<string, string>, agent?: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/**
 * One GET to warm up (timed: `first`, and its size as sent), then `count` more one after the other
 * over `agent`; their p50 and p95 (ms).
 */
export async function readsInARow(url: string, headers: Record<string, string>, agent: http.Agent, count: number) {
  const started = performance.now();
  const size = await getBytes(url, headers, agent);
  const first = performance.now() - started;
  const times: number[] = [];
  for (let run = 0; run < count; run++) {
    const sent = performance.now();
    await getBytes(url, headers, agent);
    times.push(performance.now() - sent);
  }
  times.sort((a, b) => a - b);
  return { size, first, p50: percentile(times, 0.5), p95: percentile(times, 0.95) };
}

/**
 * Closed-loop load: `connections` clients each send the next request as soon as the last one is
 * answered, for `seconds`. Answers latency percentiles (ms) and throughput. The same client
 * measures the server and the floor, so their ratio compares like with like; it reads the bytes
 * as they travel (gzip stays gzip), so the client's own work does not hide the server's.
 */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const headers = { 'accept-encoding': 'gzip', ...options.headers };
  const latencies: number[] = [];
  let bytes = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        bytes = await getBytes(url, headers, agent);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    bytes,
  };
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples a process's RSS every 100 ms while `work` runs; answers the work's result and the peak. */
export async function withPeakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  let peakMb = rssMb(pid);
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
  }, 100);
  try {
    return { result: await work(), peakMb };
  } finally {
    clearInterval(timer);
  }
}

/** The bytes as they travel (compressed when the server compresses), and their encoding. */
export function rawAnswer(url: string, headers: Record<string, string>): Promise<{ body: Buffer; encoding?: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
        );
      })
      .on('error', reject);
  });
}
