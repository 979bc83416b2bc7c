// `node --import tsx scripts/make-upgrade-fixture.ts <commit or tag>`: the data an earlier release
// leaves on disk, kept in apps/server/src/test/fixtures/upgrade/ for upgrade.test.ts (data made by
// that release must open with the current code, every row there, portal passwords readable).
// Refresh it at each release with the release's commit (the one before the new one).
//
// It takes that commit's files (git archive, nothing in this working tree changes), runs them on
// this checkout's node_modules (its own workspace packages in place of ours), fills a DATA_DIR
// with that release's `npm run demo`, then starts that release's server to read every company's
// portal passwords in clear through its own API, counts the rows of every table, and writes
// data.tar.xz (db/, files/, secrets.json) and manifest.json (commit, counts, passwords).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const FIXTURE_DIR = path.join(root, 'apps/server/src/test/fixtures/upgrade');
const DEMO_OWNER = { email: 'carolina@estudio.cl', password: 'demo1234' };
const PORT = Number(process.env.FIXTURE_PORT ?? 3985);

const commit = process.argv[2];
if (!commit) {
  console.error('Uso: node --import tsx scripts/make-upgrade-fixture.ts <commit o etiqueta de la versión anterior>');
  process.exit(1);
}
const fullCommit = execFileSync('git', ['rev-parse', `${commit}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'upgrade-fixture-'));
const tree = path.join(work, 'tree');
const dataDir = path.join(work, 'data');
fs.mkdirSync(tree);

/** The release's files, and a node_modules whose every entry is ours but its own workspace packages. */
function checkOut() {
  execFileSync('sh', ['-c', `git archive ${fullCommit} | tar -x -C ${JSON.stringify(tree)}`], { cwd: root });
  const modules = path.join(tree, 'node_modules');
  fs.mkdirSync(modules);
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '@app') continue;
    fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  fs.mkdirSync(path.join(modules, '@app'));
  const pkg = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')) as {
    workspaces: string[];
    scripts: Record<string, string>;
  };
  for (const workspace of pkg.workspaces) {
    const name = JSON.parse(fs.readFileSync(path.join(tree, workspace, 'package.json'), 'utf8')).name as string;
    fs.symlinkSync(path.join(tree, workspace), path.join(modules, name));
  }
  return pkg;
}

const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  S3_BUCKET: '',
  SCHEDULER: 'off',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: DEMO_OWNER.email,
  ADMIN_PASSWORD: DEMO_OWNER.password,
  PORT: String(PORT),
  HOST: '127.0.0.1',
};

function runDemo(scripts: Record<string, string>) {
  const command = /^node (.*)$/.exec(scripts.demo ?? '')?.[1];
  if (!command) throw new Error(`the release's package.json has no "demo": "node …" script`);
  execFileSync(process.execPath, command.split(/\s+/), { cwd: tree, env, stdio: 'inherit' });
}

async function api<T>(token: string, url: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${PORT}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Every portal password in clear, read through the release's own server and API. */
async function readPasswords(): Promise<{ id: number; businessId: number; password: string }[]> {
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: tree,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  try {
    let token = '';
    for (let attempt = 0; !token; attempt++) {
      if (attempt > 600) throw new Error('the release did not start within 60 s');
      try {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(DEMO_OWNER),
        });
        token = ((await response.json()) as { token: string }).token;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const companies = await api<{ id: number }[]>(token, '/api/business');
    const passwords = [];
    for (const company of companies) {
      const list = await api<{ id: number; businessId: number; password: string }[]>(
        token,
        `/api/password?businessId=${company.id}`,
      );
      passwords.push(...list.map(({ id, businessId, password }) => ({ id, businessId, password })));
    }
    return passwords.sort((a, b) => a.id - b.id);
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
}

/** Rows per table of every schema but the system's, through the PGlite the release ran on. */
async function countRows(): Promise<Record<string, number>> {
  const requireFromTree = createRequire(path.join(tree, 'apps/server/package.json'));
  const { PGlite } = (await import(
    requireFromTree.resolve('@electric-sql/pglite')
  )) as typeof import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  try {
    const tables = await db.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        ORDER BY 1, 2`,
    );
    const counts: Record<string, number> = {};
    for (const { schema, name } of tables.rows) {
      const result = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${schema}"."${name}"`);
      counts[`${schema}.${name}`] = result.rows[0]?.n ?? 0;
    }
    return counts;
  } finally {
    await db.close();
  }
}

try {
  const pkg = checkOut();
  console.log(`Versión ${fullCommit}: datos de demostración en ${dataDir}…`);
  runDemo(pkg.scripts);
  const passwords = await readPasswords();
  const counts = await countRows();
  fs.mkdirSync(FIXTURE_DIR, { recursive: true });
  const entries = ['db', 'secrets.json', ...(fs.existsSync(path.join(dataDir, 'files')) ? ['files'] : [])];
  // xz at its strongest: 1.5 MB where gzip makes 5.3 MB (the write-ahead log and the catalogs).
  const archive = path.join(FIXTURE_DIR, 'data.tar.xz');
  execFileSync('tar', ['-cJf', archive, '-C', dataDir, ...entries], { env: { ...process.env, XZ_OPT: '-9e' } });
  const made = execFileSync('git', ['show', '-s', '--format=%cI %s', fullCommit], { cwd: root, encoding: 'utf8' });
  const manifest = { commit: fullCommit, release: made.trim().slice(0, 200), counts, passwords };
  fs.writeFileSync(path.join(FIXTURE_DIR, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const size = fs.statSync(archive).size / 2 ** 20;
  console.log(
    `${archive}: ${size.toFixed(2)} MB; ${passwords.length} contraseñas, ${Object.keys(counts).length} tablas`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
