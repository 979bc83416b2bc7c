// `npm run bench -- crypt`: what encrypting stored files at rest costs. The production server is
// started with FILE_ENCRYPTION=off and =on in turn (three times each, alternated, on one data
// directory, the scheduler off so that the at-rest job does not encrypt the plain rounds' files
// meanwhile); each time 20 PDFs of 10 MB go up through the real upload route (4 requests of 5 at
// once, the server's upload slots) and come back down through their signed links (4 at once),
// while the server's RSS is sampled and its CPU time read. Target: encrypted throughput within
// 1.5× of plain, RSS flat. On a shared machine the throughputs move with the load; the server's
// CPU time per MB moves far less.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { rssMb, withPeakRss } from './load.ts';
import { download, sendUpload, uploadFolder } from './uploads.ts';

export const CRYPT = { files: 20, megabytes: 10, parallel: 4, rounds: 3 } as const;

type Mode = 'off' | 'on';

interface Round {
  mode: Mode;
  upMbps: number;
  downMbps: number;
  /** Server CPU ms per MB moved. */
  upCpu: number;
  downCpu: number;
  restMb: number;
  upPeakMb: number;
  downPeakMb: number;
}

/** The process's CPU time so far (user + system, ms), from /proc. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function round(mode: Mode, base: string, signIn: () => Promise<string>, server: ChildProcess): Promise<Round> {
  const pid = server.pid ?? 0;
  const token = await signIn();
  const folderId = await uploadFolder(base, token);
  const bytes = CRYPT.megabytes * 1024 * 1024;
  const totalMb = (CRYPT.files * bytes) / 2 ** 20;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const restMb = rssMb(pid);

  let cpu = cpuMs(pid);
  let started = performance.now();
  const { result: answers, peakMb: upPeakMb } = await withPeakRss(pid, () =>
    Promise.all(
      Array.from({ length: CRYPT.parallel }, () =>
        sendUpload(base, token, folderId, CRYPT.files / CRYPT.parallel, bytes),
      ),
    ),
  );
  const upSeconds = (performance.now() - started) / 1000;
  const upCpu = (cpuMs(pid) - cpu) / totalMb;
  const urls: string[] = [];
  for (const answer of answers) {
    if (answer.status !== 201) throw new Error(`upload (FILE_ENCRYPTION=${mode}): ${answer.status} ${answer.body}`);
    for (const file of (JSON.parse(answer.body) as { files: { url: string }[] }).files) urls.push(`${base}${file.url}`);
  }

  cpu = cpuMs(pid);
  started = performance.now();
  const { result: downloads, peakMb: downPeakMb } = await withPeakRss(pid, async () => {
    const results: { status: number; bytes: number }[] = [];
    const queue = [...urls];
    await Promise.all(
      Array.from({ length: CRYPT.parallel }, async () => {
        for (let url = queue.shift(); url; url = queue.shift()) results.push(await download(url));
      }),
    );
    return results;
  });
  const downSeconds = (performance.now() - started) / 1000;
  const downCpu = (cpuMs(pid) - cpu) / totalMb;
  if (!downloads.every((answer) => answer.status === 200 && answer.bytes === bytes)) {
    throw new Error(
      `downloads (FILE_ENCRYPTION=${mode}): ${downloads.map((answer) => `${answer.status}/${answer.bytes}`).join(',')}`,
    );
  }
  return {
    mode,
    upMbps: totalMb / upSeconds,
    downMbps: totalMb / downSeconds,
    upCpu,
    downCpu,
    restMb,
    upPeakMb,
    downPeakMb,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/** Runs the part: `start` starts the server with extra settings, `stop` stops it. */
export async function benchCrypt(
  kind: string,
  base: string,
  start: (env: Record<string, string>) => Promise<ChildProcess>,
  stop: (server: ChildProcess) => Promise<void>,
  signIn: () => Promise<string>,
  report: (...cells: (string | number)[]) => void,
) {
  const rounds: Round[] = [];
  for (let n = 0; n < CRYPT.rounds; n += 1) {
    for (const mode of ['off', 'on'] as const) {
      const server = await start({ FILE_ENCRYPTION: mode, SCHEDULER: 'off' });
      try {
        rounds.push(await round(mode, base, signIn, server));
      } finally {
        await stop(server);
      }
    }
  }
  const of = (mode: Mode, pick: (round: Round) => number) =>
    median(rounds.filter((round) => round.mode === mode).map(pick));
  const list = (mode: Mode, pick: (round: Round) => number) =>
    rounds
      .filter((round) => round.mode === mode)
      .map((round) => pick(round).toFixed(0))
      .join(' / ');
  for (const mode of ['off', 'on'] as const) {
    report(
      kind,
      `FILE_ENCRYPTION=${mode}: ${CRYPT.files} PDFs × ${CRYPT.megabytes} MB up (${CRYPT.parallel} requests at once), then down through their links (${CRYPT.parallel} at once); ${CRYPT.rounds} rounds`,
      `up ${list(mode, (round) => round.upMbps)} MB/s (server CPU ${list(mode, (round) => round.upCpu)} ms/MB)`,
      `down ${list(mode, (round) => round.downMbps)} MB/s (server CPU ${list(mode, (round) => round.downCpu)} ms/MB)`,
      `RSS at rest ${list(mode, (round) => round.restMb)} MB, peak up ${list(mode, (round) => round.upPeakMb)} / down ${list(mode, (round) => round.downPeakMb)} MB`,
    );
  }
  const ratio = (pick: (round: Round) => number, inverse = false) =>
    inverse ? of('on', pick) / of('off', pick) : of('off', pick) / of('on', pick);
  const mark = (value: number) => `${value.toFixed(2)}× ${value <= 1.5 ? '✔' : '✘'}`;
  const growth = (mode: Mode) => of(mode, (round) => Math.max(round.upPeakMb, round.downPeakMb) - round.restMb);
  report(
    kind,
    'encrypted against plain, medians: time taken × (server CPU ×)',
    `up ${mark(ratio((round) => round.upMbps))} (CPU ${ratio((round) => round.upCpu, true).toFixed(2)}×)`,
    `down ${mark(ratio((round) => round.downMbps))} (CPU ${ratio((round) => round.downCpu, true).toFixed(2)}×)`,
    `RSS growth under load +${growth('on').toFixed(0)} MB, plain +${growth('off').toFixed(0)} MB ${growth('on') - growth('off') < 30 ? '✔' : '✘'} (target 1.5×, RSS flat)`,
  );
}
