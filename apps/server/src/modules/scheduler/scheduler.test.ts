import { expect, it } from 'vitest';
import { createScheduler, type ScheduledJob } from './scheduler.ts';

const HOUR = 60 * 60_000;

it('runs a job with its own interval at the first tick, then once that interval has passed; the others at every tick', async () => {
  const runs: string[] = [];
  const job = (name: string, everyMs?: number): ScheduledJob => ({
    name,
    everyMs,
    run: async (now) => void runs.push(`${name}@${now.toISOString().slice(11, 16)}`),
  });
  const scheduler = createScheduler({ log: { error: () => {} }, jobs: [job('each-tick')] });
  scheduler.schedule([job('hourly', HOUR)]);

  for (const at of ['10:00', '10:01', '10:59', '11:00', '11:30', '12:05']) {
    await scheduler.tick(new Date(`2027-03-01T${at}:00Z`));
  }
  expect(runs.filter((run) => run.startsWith('hourly'))).toEqual(['hourly@10:00', 'hourly@11:00', 'hourly@12:05']);
  expect(runs.filter((run) => run.startsWith('each-tick'))).toHaveLength(6);
  // In the order they were given, at each tick.
  expect(runs.slice(0, 2)).toEqual(['each-tick@10:00', 'hourly@10:00']);
});
