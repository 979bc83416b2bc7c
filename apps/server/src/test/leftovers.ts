import { afterAll } from 'vitest';
import { closeLeftoverApps } from './test-app.ts';
import { closeLeftoverDatabases } from './test-database.ts';

// Set-up file of the server's test files: after each file (its own afterAll hooks first), the test
// apps and databases it left open are closed, which removes their data directories and drops their
// PostgreSQL databases, even when a test failed before its own close.
afterAll(async () => {
  await closeLeftoverApps();
  await closeLeftoverDatabases();
});
