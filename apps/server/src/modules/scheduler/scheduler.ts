import type { FastifyBaseLogger } from 'fastify';

/** A piece of background work run at every tick; it claims what it does in the database. */
export interface ScheduledJob {
  name: string;
  run(now: Date): Promise<void>;
  /** At most this often: the first tick runs it, then the first tick this long after its last run. */
  everyMs?: number;
}

/** A job's run as it ended, for the metrics. */
export interface JobRun {
  job: string;
  outcome: 'ok' | 'error';
  seconds: number;
}

export interface SchedulerDeps {
  /** Jobs run from the start; the modules' jobs are added with `schedule`. */
  jobs?: readonly ScheduledJob[];
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The clock (tests move it instead of waiting). */
  now?: () => Date;
  intervalMs?: number;
}

/**
 * One timer per instance, a tick a minute. Safe with several instances on one database because
 * every job claims its work there before acting, so a tick that overlaps another instance's does
 * nothing twice.
 */
export function createScheduler(deps: SchedulerDeps) {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const runListeners: ((run: JobRun) => void)[] = [];
  const jobs: ScheduledJob[] = [...(deps.jobs ?? [])];
  /** When each job with its own interval last ran (the tick's time). */
  const lastRuns = new Map<ScheduledJob, number>();

  /** Whether a job with its own interval waits: it ran less than its interval before `at`. */
  function waits(job: ScheduledJob, at: Date): boolean {
    const last = lastRuns.get(job);
    if (job.everyMs === undefined || last === undefined) return false;
    return at.getTime() - last < job.everyMs;
  }

  async function runJobs(at: Date) {
    for (const job of jobs) {
      if (waits(job, at)) continue;
      if (job.everyMs !== undefined) lastRuns.set(job, at.getTime());
      const started = performance.now();
      let outcome: JobRun['outcome'] = 'ok';
      try {
        await job.run(at);
      } catch (error) {
        outcome = 'error';
        deps.log.error({ err: error, job: job.name }, 'scheduler: job failed');
      }
      const run = { job: job.name, outcome, seconds: (performance.now() - started) / 1000 };
      for (const listener of runListeners) listener(run);
    }
  }

  /** Runs every job once at `at` (the clock's time by default); waits for a tick already running. */
  async function tick(at: Date = now()): Promise<void> {
    while (running) await running;
    running = runJobs(at);
    try {
      await running;
    } finally {
      running = undefined;
    }
  }

  return {
    tick,
    /** Adds jobs, run after those before them at each tick (app.ts adds every module's jobs, in the modules' order). */
    schedule(more: readonly ScheduledJob[]) {
      jobs.push(...more);
    },
    /** Calls the listener after each job's run (the metrics count them). */
    onJobRun(listener: (run: JobRun) => void) {
      runListeners.push(listener);
    },
    start() {
      if (timer) return;
      const tickSafely = () => void tick();
      // The first tick right away: a reminder due while the server was down goes out now.
      tickSafely();
      timer = setInterval(tickSafely, deps.intervalMs ?? 60_000);
      timer.unref();
    },
    /** Stops the timer and waits for the tick in progress (the database closes after). */
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
