// A stand-in server for pglite-lock.test.ts: opens the embedded database at argv[2] (or, with
// --lock-only, just takes its lock), prints 'ready', then waits to be killed. A refusal is printed
// as 'refused: <message>'.
import { openDatabase } from './client.ts';
import { lockDataDir } from './pglite-lock.ts';

const [dataDir, mode] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: pglite-lock.fixture.ts <dataDir> [--lock-only]');
try {
  if (mode === '--lock-only') await lockDataDir(dataDir);
  else await openDatabase({ kind: 'pglite', dataDir });
  process.stdout.write('ready\n');
  setInterval(() => {}, 60_000);
} catch (error) {
  process.stdout.write(`refused: ${(error as Error).message}\n`);
  process.exit(3);
}
