import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config.ts';
import { loggableError } from './lib/db-errors.ts';
import { stopGracefully } from './lib/shutdown.ts';
import { StartupError } from './lib/startup-error.ts';
import { startupWarningBlock, startupWarnings } from './startup-warnings.ts';

async function main() {
  const config = loadConfig();
  // The database opens (PGlite compiles its WebAssembly) while the rest of the server loads.
  const { openDatabase } = await import('./db/client.ts');
  const opening = openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db'), createApart: true },
  );
  opening.catch(() => undefined); // awaited below; no unhandled rejection while the app loads
  const { buildApp } = await import('./app.ts');
  const database = await opening;
  if (database.kind === 'postgres' && config.DATABASE_URL) {
    // Several instances on one database must share one file storage: refused before serving.
    const { claimFileStorage, storageIdentity } = await import('./db/storage-claim.ts');
    await claimFileStorage(config.DATABASE_URL, storageIdentity(config)).catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
  }
  const app = await buildApp({
    config,
    database,
    announce: (message) => process.stdout.write(`${message}\n`),
    adminSocket: true,
  });
  stopGracefully(app, {
    graceMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    closeLive: () => app.io.engine.close(),
    say: (line) => process.stdout.write(`${line}\n`),
    exit: (code) => process.exit(code),
  });
  await app.listen({
    port: config.PORT,
    host: config.HOST,
    listenTextResolver: (address) => `Escuchando en ${address}`,
  });
  const where =
    database.kind === 'pglite' ? `base de datos embebida en ${path.join(config.DATA_DIR, 'db')}` : 'PostgreSQL';
  process.stdout.write(`Estudio Contable listo en ${config.APP_URL} (${where})\n`);
  const warnings = startupWarningBlock(startupWarnings(config));
  if (warnings) process.stdout.write(`${warnings}\n`);
  if (!fs.existsSync(path.join(config.WEB_DIST_DIR, 'index.html'))) {
    process.stdout.write(`La aplicación web no está compilada en ${config.WEB_DIST_DIR}: ejecuta npm run build\n`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    const { stack, ...details } = loggableError(error);
    const summary = details.type === 'DatabaseError' ? JSON.stringify(details) : details.message;
    process.stderr.write(`No se pudo iniciar el servidor: ${summary}\n${stack ?? ''}\n`);
  }
  process.exit(1);
});
