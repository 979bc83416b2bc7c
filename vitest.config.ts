import { configDefaults, defineConfig } from 'vitest/config';

const server = {
  include: ['apps/server/src/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['apps/server/src/test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;
/** Server test files that measure the heap of their own worker. */
const MEASURE_THEIR_OWN_HEAP = ['apps/server/src/lib/xlsx-stream.test.ts'];

export default defineConfig({
  test: {
    // PGlite needs ~800 MB per database: two workers fit the 2-core, 24 GiB machines.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          exclude: [...configDefaults.exclude, ...MEASURE_THEIR_OWN_HEAP],
          // The files share a worker's loaded modules (each still builds its own app and database):
          // importing the whole app once per file was ~40% of the suite's time.
          isolate: false,
        },
      },
      {
        // Isolated: another file's garbage would count as theirs. They need no database.
        test: { name: 'server-heap', include: MEASURE_THEIR_OWN_HEAP, environment: 'node' },
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
