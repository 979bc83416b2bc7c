import type { Period } from '@app/shared/period';

/** The `count` periods ending with `latest`, oldest first. */
export function periodsUpTo(latest: Period, count: number): Period[] {
  return Array.from({ length: count }, (_, index) => {
    const offset = latest.year * 12 + (latest.month - 1) - (count - 1 - index);
    return { year: Math.floor(offset / 12), month: (offset % 12) + 1 };
  });
}

/** A stable pseudo-random number in [0, 1) for a cell, so every run loads the same board. */
export function noise(...parts: number[]): number {
  let hash = 2166136261;
  for (const part of parts) hash = Math.imul(hash ^ part, 16777619) >>> 0;
  return (hash % 10_000) / 10_000;
}
