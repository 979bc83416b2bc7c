import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface RunTempDir {
  /** The run's folder: TMPDIR of the test workers and of every process they start. */
  dir: string;
  /** Registers a clean-up that runs before the folder is removed (a template database to drop). */
  onRemove(cleanUp: () => Promise<void>): void;
  /** Runs the clean-ups, removes the folder with whatever the tests left in it, restores TMPDIR. */
  remove(): Promise<void>;
}

/**
 * Gives the test run a temporary folder of its own and makes it the temporary directory of the
 * test workers (started after the global set-up, they inherit TMPDIR) and of the servers and
 * command-line tools they start. A test still removes what it creates; what a failed or killed test
 * leaves goes with the folder at the end of the run, and nothing of another run (they may go side
 * by side) is touched. The short name keeps the embedded database's lock sockets, which live next
 * to its data directory, under the length a socket path may have.
 */
export function useRunTempDir(): RunTempDir {
  const systemTemp = os.tmpdir();
  const dir = fs.mkdtempSync(path.join(systemTemp, 'ct-'));
  // tsx keeps its compiled files in TMPDIR/tsx-<uid>: the servers the tests start share the
  // machine's cache instead of compiling the whole server again in every run.
  const uid = process.getuid?.() ?? 0;
  const tsxCache = path.join(systemTemp, `tsx-${uid}`);
  try {
    fs.mkdirSync(tsxCache, { recursive: true, mode: 0o700 });
    fs.symlinkSync(tsxCache, path.join(dir, `tsx-${uid}`));
  } catch {
    // Without the shared cache tsx compiles into the run's folder: slower, not wrong.
  }
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = dir;
  const cleanUps: (() => Promise<void>)[] = [];
  let removed = false;
  return {
    dir,
    onRemove: (cleanUp) => {
      cleanUps.push(cleanUp);
    },
    async remove() {
      if (removed) return;
      removed = true;
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
      for (const cleanUp of cleanUps.reverse()) await cleanUp().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
