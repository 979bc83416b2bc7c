import { spawn } from 'node:child_process';

/** What the short-lived process runs: its arguments are PGlite's module and the data directory. */
const CREATE = [
  'const { PGlite } = await import(process.argv[1]);',
  'const database = await PGlite.create({ dataDir: process.argv[2] });',
  'await database.close();',
].join(' ');

/**
 * Creates a new embedded database in `dataDir` (PGlite's initdb) in a short-lived process of its
 * own, for the server's first start: initdb's working memory (~800 MB at its peak, then garbage
 * the server kept for minutes, ~380 MB at rest instead of ~250 MB) ends with that process. The
 * caller holds the data directory's lock meanwhile.
 */
export function createEmbeddedDatabaseApart(dataDir: string): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', CREATE, pglite, dataDir], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `No se pudo crear la base de datos embebida en ${dataDir} (${signal ?? `código ${code}`}): ${errors.trim()}`,
          ),
        );
    });
  });
}
