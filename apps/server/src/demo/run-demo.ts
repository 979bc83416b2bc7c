import path from 'node:path';
import { assembleApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemoActivity } from './activity.demo.ts';
import { seedDemoApprovals } from './approvals.demo.ts';
import { seedDemoBilling } from './billing.demo.ts';
import { seedDemoCollections } from './collections.demo.ts';
import { seedDemoCompanies } from './companies.demo.ts';
import { seedDemoDataProtection } from './data-protection.demo.ts';
import { demoServices } from './demo-services.ts';
import { seedDemoDocuments } from './documents.demo.ts';
import { seedDemoMessages } from './messages.demo.ts';
import { seedDemoMonthlyReport } from './monthly-report.demo.ts';
import { seedDemoMonthlyStates } from './monthly-states.demo.ts';
import { seedDemoNotes } from './notes.demo.ts';
import { seedDemoRequests } from './requests.demo.ts';
import { seedDemoServices } from './services.demo.ts';
import { seedDemoTasks } from './tasks.demo.ts';
import { seedDemoTime } from './time.demo.ts';
import { ensureDemoOwner, seedDemoUsers } from './users.demo.ts';

/**
 * `npm run demo`: loads realistic demo data into the configured database (the embedded one by
 * default). Each seeder goes through the feature services, so the data obey the same rules as
 * the API, and skips itself when its data are already there.
 */
async function main() {
  // A one-off seeding run: no reminders or monthly e-mails go out from it.
  const config = loadConfig({ LOG_LEVEL: 'warn', ...process.env, SCHEDULER: 'off' });
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') },
  );
  await ensureDemoOwner(database.db);
  const { app, modules } = await assembleApp({
    config,
    database,
    announce: (message) => process.stdout.write(`${message}\n`),
  });
  try {
    const features = demoServices(modules);
    const report = [
      await seedDemoUsers(features),
      await seedDemoServices(features),
      await seedDemoCompanies(features),
      await seedDemoMonthlyStates(features),
      await seedDemoTasks(features),
      await seedDemoNotes(features),
      await seedDemoDocuments(features, config.FILE_MAX_MB),
      await seedDemoRequests(features, config.FILE_MAX_MB),
      await seedDemoBilling(features),
      await seedDemoCollections(features),
      await seedDemoTime(features),
      // Messages before approvals: an approval writes a line into its company's thread, and the
      // messages' demo seeds only where no thread exists yet.
      await seedDemoMessages(features),
      await seedDemoApprovals(features),
      await seedDemoMonthlyReport(features),
      await seedDemoDataProtection(features),
      await seedDemoActivity(features),
    ];
    for (const line of report) process.stdout.write(`${line}\n`);
    process.stdout.write(`${describeTarget(config)}\n`);
  } finally {
    await app.close();
  }
}

/** Says where the data went, so that the server is started on the same place (README, 'Run it'). */
function describeTarget(config: { DATABASE_URL?: string; DATA_DIR: string }): string {
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    return `Datos de demostración cargados en PostgreSQL ${url.host}${url.pathname} (DATABASE_URL).`;
  }
  return `Datos de demostración cargados en ${path.resolve(config.DATA_DIR)} (DATA_DIR): inicie el servidor con el mismo DATA_DIR.`;
}

main().catch((error: unknown) => {
  process.stderr.write(`No se pudieron cargar los datos de demostración: ${String(error)}\n`);
  process.exit(1);
});
