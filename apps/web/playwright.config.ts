import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions, fullChromiumLaunchOptions } from './e2e/support/chromium';

const root = path.resolve(import.meta.dirname, '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
// Overridable so that several runs can go side by side (each with its own port, data and bundle).
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? path.join(root, '.e2e-data');
const WEB_DIST_DIR = process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist');
const SERVER_BUNDLE = process.env.E2E_SERVER_BUNDLE ?? 'apps/server/dist/main.js';
/** A local fake of Google's OAuth and Calendar endpoints (apps/server/src/test/fake-google.ts). */
export const FAKE_GOOGLE_URL = `http://127.0.0.1:${E2E_PORT + 1000}`;
/** A second real server without Google configured (only calendar.spec.ts uses it). */
export const NO_GOOGLE_URL = `http://127.0.0.1:${E2E_PORT + 2000}`;
/**
 * A PostgreSQL database (empty) for a third server: when set, the specs of money, approvals, messages
 * and the monthly report run again against it in the same run (CI sets it).
 */
const POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? '';
const POSTGRES_SERVER_PORT = E2E_PORT + 3000;
const ON_POSTGRES_TOO = /\/e2e\/(billing[\w-]*|approvals|messages|monthly-report)\.spec\.ts$/;

/** Specs that need the full browser: the headless shell shows no service worker notification. */
const NEEDS_FULL_BROWSER = /push-reminder\.spec\.ts$/;

/** What both real servers share: the built app, the first owner, an embedded database of their own. */
const serverEnv = (port: number, dataDir: string) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  APP_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAIL: 'duena@estudio.cl',
  ADMIN_PASSWORD: 'clave-duena-1',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  WEB_DIST_DIR,
});

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A flow takes 10–20 s on a quiet machine; twice that when the machine is shared (a timed-out test is
  // run again on CI, which costs more than waiting).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(root, 'test-results'),
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    // No transitions to draw frame by frame (the app honours the setting): the renderer is most of the
    // suite's CPU on a 2-core machine.
    reducedMotion: 'reduce',
    // Recording a trace of every test costs each test ~15% (the runner's CPU, on a 2-core machine): CI,
    // which retries a failed test once, records the retry only; a local run keeps a failure's trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
  // Projects start in this order. First the one that mostly waits (a reminder due at the next whole
  // minute, up to ~80 s) and the long flows run again on PostgreSQL: started last they made the run's
  // tail, one worker busy and the other done; started first, the other worker's tests fill the wait.
  projects: [
    {
      name: 'chromium-full',
      testMatch: NEEDS_FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: fullChromiumLaunchOptions },
    },
    ...(POSTGRES_URL
      ? [
          {
            name: 'postgres',
            testMatch: ON_POSTGRES_TOO,
            use: {
              ...devices['Desktop Chrome'],
              channel: undefined,
              baseURL: `http://127.0.0.1:${POSTGRES_SERVER_PORT}`,
            },
          },
        ]
      : []),
    {
      name: 'chromium',
      testIgnore: NEEDS_FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      command: `node --import tsx apps/server/src/test/fake-google-main.ts ${E2E_PORT + 1000}`,
      cwd: root,
      url: `${FAKE_GOOGLE_URL}/__control/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
    },
    {
      // The built app and the server bundle `npm start` runs (`npm run test:e2e` builds both
      // first), on a fresh embedded database every run (or the PostgreSQL one E2E_DATABASE_URL names).
      command: `rm -rf "${E2E_DATA_DIR}" && node ${SERVER_BUNDLE}`,
      cwd: root,
      url: `http://127.0.0.1:${E2E_PORT}/api/docs/json`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv(E2E_PORT, E2E_DATA_DIR),
        // The main server on PostgreSQL instead, for a run by hand (E2E_POSTGRES_URL adds a server beside it).
        DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
        GOOGLE_CLIENT_ID: 'cliente-de-prueba',
        GOOGLE_CLIENT_SECRET: 'secreto-de-prueba',
        GOOGLE_AUTH_URL: `${FAKE_GOOGLE_URL}/o/oauth2/v2/auth`,
        GOOGLE_TOKEN_URL: `${FAKE_GOOGLE_URL}/token`,
        GOOGLE_CALENDAR_API_URL: `${FAKE_GOOGLE_URL}/calendar/v3`,
        // push-reminder.spec.ts: its local push relay, and reminders due within seconds rather than a minute.
        PUSH_TEST_LOOPBACK: 'on',
        SCHEDULER_INTERVAL_SECONDS: '5',
      },
    },
    {
      // The same server without GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET: the calendar as a firm without Google sees it.
      command: `rm -rf "${E2E_DATA_DIR}-sin-google" && node ${SERVER_BUNDLE}`,
      cwd: root,
      url: `${NO_GOOGLE_URL}/api/docs/json`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        ...serverEnv(E2E_PORT + 2000, `${E2E_DATA_DIR}-sin-google`),
        GOOGLE_CLIENT_ID: '',
        GOOGLE_CLIENT_SECRET: '',
      },
    },
    ...(POSTGRES_URL
      ? [
          {
            // The same app on PostgreSQL (its files in a data folder of its own).
            command: `rm -rf "${E2E_DATA_DIR}-postgres" && node ${SERVER_BUNDLE}`,
            cwd: root,
            url: `http://127.0.0.1:${POSTGRES_SERVER_PORT}/api/docs/json`,
            reuseExistingServer: false,
            timeout: 60_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            env: { ...serverEnv(POSTGRES_SERVER_PORT, `${E2E_DATA_DIR}-postgres`), DATABASE_URL: POSTGRES_URL },
          },
        ]
      : []),
  ],
});
