import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { serverFilesNeverOnPostgres } from './apps/server/src/test/postgres-files.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const server = {
  include: ['apps/server/src/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  setupFiles: ['apps/server/src/test/leftovers.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
/** Server test files that measure the heap of their own worker. */
const MEASURE_THEIR_OWN_HEAP = ['apps/server/src/lib/xlsx-stream.test.ts'];
/**
 * With DATABASE_URL (the server suite's pass on PostgreSQL) the files that never reach that
 * database stay out: the pass on the embedded database has run them already.
 */
const NOT_ON_POSTGRES = onPostgres
  ? serverFilesNeverOnPostgres(path.resolve(import.meta.dirname, 'apps/server/src')).map((file) =>
      path.relative(import.meta.dirname, file),
    )
  : [];

export default defineConfig({
  test: {
    // PGlite needs ~800 MB per database: two workers fit the 2-core, 24 GiB machines. On PostgreSQL
    // the databases live in the server, and much of a file's time is spent waiting on it, on Redis
    // or on timers: a third worker keeps both cores busy.
    maxWorkers: onPostgres ? 3 : 2,
    projects: [
      {
        test: {
          name: 'shared',
          // Plain functions with no state between files: one import of what they share per worker.
          isolate: false,
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          // Plain functions with no state between files: one import of what they share per worker.
          isolate: false,
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          exclude: [...configDefaults.exclude, ...MEASURE_THEIR_OWN_HEAP, ...NOT_ON_POSTGRES],
          // The files share a worker's loaded modules (each still builds its own app and database):
          // importing the whole app once per file was ~40% of the suite's time.
          isolate: false,
        },
      },
      {
        // Isolated: another file's garbage would count as theirs. They need no database.
        test: {
          name: 'server-heap',
          include: MEASURE_THEIR_OWN_HEAP,
          exclude: [...configDefaults.exclude, ...NOT_ON_POSTGRES],
          environment: 'node',
          passWithNoTests: onPostgres,
        },
      },
      {
        test: {
          // The repository's own tools; the fixtures they read are not tests.
          name: 'tooling',
          include: ['scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'scripts/depcruise/fixtures/**'],
          environment: 'node',
        },
      },
    ],
  },
});
