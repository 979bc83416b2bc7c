import fs from 'node:fs';
import path from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is a single-process database: two processes writing one data directory corrupt it.
 * A pid file next to it refuses a second opener while the first is alive (a stale file from a
 * crashed process is taken over).
 */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = path.join(path.dirname(dataDir), `${path.basename(dataDir)}.lock`);
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(fs.readFileSync(lockFile, 'utf8'));
    if (holder && isAlive(holder)) {
      throw new Error(
        `La base de datos embebida (${dataDir}) está en uso por el proceso ${holder}. Detén ese proceso primero.`,
      );
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}
