import { gzipSync } from 'node:zlib';
import type { Period } from '@app/shared/period';

/** A board built once: its JSON bytes, and the same gzipped on first demand (~3 MB → ~0.2 MB). */
export class BuiltBoard {
  private gzipped: Buffer | undefined;
  constructor(readonly json: Buffer) {}
  get gzip(): Buffer {
    this.gzipped ??= gzipSync(this.json, { level: 6 });
    return this.gzipped;
  }
}

/**
 * Built boards by period, each valid while the database's board version is the one it was built
 * at (a trigger moves the version on any change the board shows, from any instance). A few recent
 * periods are kept; the board of 2,000 companies is ~3 MB of JSON.
 */
export function createBoardCache(maxPeriods = 4) {
  const entries = new Map<string, { version: string; board: BuiltBoard }>();
  const keyOf = (period: Period) => `${period.year}-${period.month}`;
  return {
    get(period: Period, version: string): BuiltBoard | undefined {
      const key = keyOf(period);
      const entry = entries.get(key);
      if (!entry || entry.version !== version) return undefined;
      entries.delete(key); // most recently used last
      entries.set(key, entry);
      return entry.board;
    },
    set(period: Period, version: string, board: BuiltBoard) {
      entries.delete(keyOf(period));
      entries.set(keyOf(period), { version, board });
      for (const key of entries.keys()) {
        if (entries.size <= maxPeriods) break;
        entries.delete(key);
      }
    },
  };
}
