import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { loggableError } from './lib/db-errors.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'db') },
  );
  const app = await buildApp({ config, database, announce: (message) => process.stdout.write(`${message}\n`) });
  const close = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Listo en ${config.APP_URL} (base de datos: ${database.kind})`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    const { stack, ...details } = loggableError(error);
    const summary = details.type === 'DatabaseError' ? JSON.stringify(details) : details.message;
    process.stderr.write(`No se pudo iniciar el servidor: ${summary}\n${stack ?? ''}\n`);
  }
  process.exit(1);
});
