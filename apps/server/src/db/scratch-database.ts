import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the PostgreSQL server of `serverUrl`, for one test file or one benchmark run:
 * empty, or a copy of the `template` database. Answers its URL and the function that drops it
 * (closing its connections).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  { template }: { template?: string } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await run(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
