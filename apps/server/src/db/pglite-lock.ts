import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../lib/startup-error.ts';

/*
 * PGlite is a single-process database: two processes writing one data directory corrupt it, so
 * the first opener holds a lock and a second one is refused.
 *
 * The lock is a Unix socket that the holder listens on, next to the data directory (`db.lock.N`).
 * The kernel closes it however the holder ends (kill -9, out of memory), so "taken" means exactly
 * "something answers on it". No process id is involved: in a container the server is PID 1 on
 * every start, and two containers sharing one volume are both PID 1 (a pid file cannot tell a
 * crashed previous run from a live neighbour; a socket file on the shared volume can).
 *
 * A dead socket leaves its file behind, and that file never answers again (binding always creates
 * a new file). So a crashed holder is replaced by the next generation: a starter probes the newest
 * `db.lock.N`; if it answers, the database is in use; if not, the starter binds `db.lock.N+1`.
 * Binding fails when the name exists, so of two simultaneous starters only one gets it; the winner
 * then makes sure no newer generation appeared meanwhile, and removes the older, dead ones.
 *
 * Limits: the holder must be on the same machine (a socket does not answer across a network file
 * system); where the directory cannot hold a socket, or its path is too long for one, the socket
 * goes to the temporary directory instead, which still protects against a second process on the
 * same machine. On Windows a named pipe does the same, with no file left behind.
 */

const SOCKET_PATH_MAX = 100; // sun_path is 104 bytes on macOS, 108 on Linux, with the final NUL.
const PROBE_TIMEOUT_MS = 2_000;

interface Location {
  dir: string;
  prefix: string;
}

function inUse(dataDir: string, holder: string): Error {
  const who = /^\d+$/.test(holder) ? `el proceso ${holder}` : 'otro proceso';
  return new StartupError(`La base de datos embebida (${dataDir}) está en uso por ${who}. Detén ese proceso primero.`);
}

function hashOf(dataDir: string): string {
  let real = path.resolve(dataDir);
  try {
    real = fs.realpathSync(real);
  } catch {
    // Not created yet: the resolved path names it as well.
  }
  return createHash('sha256').update(real).digest('hex').slice(0, 24);
}

function nextTo(dataDir: string): Location {
  return { dir: path.dirname(path.resolve(dataDir)), prefix: `${path.basename(dataDir)}.lock.` };
}

function inTempDir(dataDir: string): Location {
  return { dir: os.tmpdir(), prefix: `pglite-${hashOf(dataDir)}.lock.` };
}

const socketPath = (at: Location, generation: number) => path.join(at.dir, `${at.prefix}${generation}`);

/** The generations present, oldest first. */
function generations(at: Location): number[] {
  const found: number[] = [];
  for (const name of fs.readdirSync(at.dir)) {
    if (!name.startsWith(at.prefix)) continue;
    const rest = name.slice(at.prefix.length);
    if (/^\d{1,9}$/.test(rest)) found.push(Number(rest));
  }
  return found.sort((a, b) => a - b);
}

/**
 * Connects to a lock socket: answers the holder's process id ('' when it does not say it in
 * time), or null when nobody listens there. Any doubt counts as taken.
 */
function probe(address: string): Promise<string | null> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(address);
    const finish = (result: string | null) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => finish(answer), PROBE_TIMEOUT_MS);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('end', () => finish(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      finish(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? null : answer),
    );
  });
}

/** Listens at the address; null when the name is taken (EADDRINUSE). */
function listen(address: string): Promise<net.Server | null> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => {
      socket.on('error', () => {});
      socket.end(String(process.pid));
    });
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolve(null);
      else reject(error);
    });
    server.listen(address, () => {
      server.unref();
      resolve(server);
    });
  });
}

function releaser(server: net.Server, address: string | null): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    server.close();
    if (address) fs.rmSync(address, { force: true });
  };
}

async function lockAt(dataDir: string, at: Location): Promise<() => void> {
  fs.mkdirSync(at.dir, { recursive: true });
  for (let attempt = 0; attempt < 20; attempt++) {
    const newest = generations(at).at(-1);
    if (newest !== undefined) {
      const holder = await probe(socketPath(at, newest));
      if (holder !== null) throw inUse(dataDir, holder);
    }
    const mine = (newest ?? -1) + 1;
    const address = socketPath(at, mine);
    const server = await listen(address);
    if (!server) continue; // Another starter bound this generation first: look again.
    const release = releaser(server, address);
    const present = generations(at);
    if (present.some((generation) => generation > mine)) {
      release(); // A newer holder appeared while we probed: it wins.
      continue;
    }
    for (const generation of present) {
      if (generation < mine) fs.rmSync(socketPath(at, generation), { force: true });
    }
    return release;
  }
  throw inUse(dataDir, '');
}

async function lockWithPipe(dataDir: string): Promise<() => void> {
  const address = `\\\\.\\pipe\\pglite-${hashOf(dataDir)}.lock`;
  const server = await listen(address);
  if (!server) throw inUse(dataDir, (await probe(address)) ?? '');
  return releaser(server, null);
}

/** Takes the lock of the embedded database at dataDir; answers the function that releases it. */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  if (process.platform === 'win32') return lockWithPipe(dataDir);
  const beside = nextTo(dataDir);
  if (Buffer.byteLength(socketPath(beside, 999_999_999)) > SOCKET_PATH_MAX) return lockAt(dataDir, inTempDir(dataDir));
  try {
    return await lockAt(dataDir, beside);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A file system that cannot hold a socket (some shared folders): the temporary directory can.
    if (code && ['EPERM', 'EACCES', 'EOPNOTSUPP', 'ENOTSUP', 'EINVAL', 'ENAMETOOLONG'].includes(code)) {
      return lockAt(dataDir, inTempDir(dataDir));
    }
    throw error;
  }
}
