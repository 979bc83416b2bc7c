import fs from 'node:fs';
import path from 'node:path';

/** What opens the database DATABASE_URL names: the test helpers that make one, and the variable itself. */
const OPENS_CONFIGURED_DATABASE =
  /\b(createTestApp|appWithEveryRole|openTestDatabase|twoInstancesThroughRedis|createScratchDatabase|spawnServer)\(|process\.env\.DATABASE_URL/;
/** A process started with this one's environment, which carries DATABASE_URL unless the file sets it there. */
const PASSES_ITS_ENVIRONMENT = /\.\.\.process\.env\b/;
const SETS_DATABASE_URL = /\bDATABASE_URL:/;

function reachesPostgres(file: string, helpers: string, seen: Set<string>): boolean {
  if (seen.has(file) || file.startsWith(helpers)) return false;
  seen.add(file);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  if (OPENS_CONFIGURED_DATABASE.test(text)) return true;
  if (PASSES_ITS_ENVIRONMENT.test(text) && !SETS_DATABASE_URL.test(text)) return true;
  // Fixtures and other test files a test imports may open it for the test.
  if (!/\.(test|fixture)\.ts$|fixtures?\.ts$/.test(file)) return false;
  return [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].some(([, relative = '']) =>
    reachesPostgres(path.resolve(path.dirname(file), relative), helpers, seen),
  );
}

/**
 * The server's test files that never reach the PostgreSQL database DATABASE_URL names: tests of
 * pure functions, and tests of the embedded database (which open it whatever DATABASE_URL says,
 * or start servers with DATABASE_URL emptied). The PostgreSQL pass leaves them out, as it would
 * only repeat them; every file that opens the configured database, directly or through a fixture
 * of its own, stays in.
 */
export function serverFilesNeverOnPostgres(serverSrc: string): string[] {
  const helpers = path.join(serverSrc, 'test') + path.sep;
  return fs
    .readdirSync(serverSrc, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join(serverSrc, file))
    .filter((file) => !reachesPostgres(file, helpers, new Set()));
}
