import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { seedEmbeddedDatabase } from '../test/pglite-template.ts';
import { lockDataDir } from './pglite-lock.ts';

const FIXTURE = path.join(import.meta.dirname, 'pglite-lock.fixture.ts');
const SERVER_DIR = path.join(import.meta.dirname, '..', '..');

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-lock-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
let dirCounter = 0;
function freshDataDir() {
  dirCounter += 1;
  return path.join(root, String(dirCounter), 'db');
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

interface Started {
  child: ChildProcess;
  /** 'ready', or 'refused: <message>', or what it printed before exiting. */
  first: Promise<string>;
}

/** Starts the fixture (optionally inside `unshare`, where it is PID 1 of a new PID namespace). */
function start(dataDir: string, options: { pidNamespace?: boolean; lockOnly?: boolean } = {}): Started {
  const node = [process.execPath, '--import', 'tsx', FIXTURE, dataDir, ...(options.lockOnly ? ['--lock-only'] : [])];
  const [command, ...args] = options.pidNamespace
    ? ['unshare', '--pid', '--fork', '--mount-proc', '--kill-child', ...node]
    : node;
  const child = spawn(command!, args, { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  const first = new Promise<string>((resolve) => {
    child.stdout!.setEncoding('utf8');
    child.stderr!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const line = output.split('\n')[0];
      if (output.includes('\n') && line) resolve(line);
    });
    child.stderr!.on('data', (chunk: string) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve(`exited ${code}: ${output}`));
  });
  return { child, first };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** The host PID of the process `unshare --fork` started (PID 1 inside its namespace). */
function childOf(parentPid: number): number {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parentPid) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  throw new Error(`no child of ${parentPid}`);
}

describe('lockDataDir', () => {
  it('refuses a second holder in the same process until the first releases, then leaves nothing behind', async () => {
    const dataDir = freshDataDir();
    const unlock = await lockDataDir(dataDir);
    await expect(lockDataDir(dataDir)).rejects.toThrow(/está en uso por el proceso/);
    unlock();
    const again = await lockDataDir(dataDir);
    again();
    expect(fs.readdirSync(path.dirname(dataDir)), 'a released lock leaves no file').toEqual([]);
  });

  it('lets exactly one of several simultaneous openers through', async () => {
    const dataDir = freshDataDir();
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => lockDataDir(dataDir)));
    const held = results.filter((result) => result.status === 'fulfilled');
    expect(held).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect(String(result.reason)).toMatch(/en uso/);
    }
    (held[0] as PromiseFulfilledResult<() => void>).value();
  });

  it('refuses while another process holds it, and takes it over once that process is killed (-9)', async () => {
    const dataDir = freshDataDir();
    const holder = start(dataDir, { lockOnly: true });
    expect(await holder.first).toBe('ready');
    await expect(lockDataDir(dataDir)).rejects.toThrow(new RegExp(`en uso por el proceso ${holder.child.pid}`));

    holder.child.kill('SIGKILL');
    await exited(holder.child);
    const unlock = await lockDataDir(dataDir);
    unlock();
  });
});

// In a container the server is PID 1 on every start, and two containers sharing a volume are both
// PID 1: the lock must not depend on process ids. Linux only (PID namespaces); CI runs as root.
describe.runIf(process.platform === 'linux')('the embedded database as PID 1 of a PID namespace', () => {
  it('refuses a second server (also PID 1), and starts again after kill -9', async () => {
    const probe = spawnSync('unshare', ['--pid', '--fork', '--mount-proc', '--kill-child', 'true']);
    expect(probe.status, `unshare --pid must work here (root): ${probe.stderr}`).toBe(0);
    const dataDir = freshDataDir();
    seedEmbeddedDatabase(dataDir);

    const first = start(dataDir, { pidNamespace: true });
    expect(await first.first).toBe('ready');
    const second = start(dataDir, { pidNamespace: true });
    expect(await second.first).toMatch(/^refused: .*está en uso/);

    // kill -9 the server itself (PID 1 inside), as the OOM killer would; unshare exits after it.
    process.kill(childOf(first.child.pid!), 'SIGKILL');
    await exited(first.child);

    const restarted = start(dataDir, { pidNamespace: true });
    expect(await restarted.first).toBe('ready');
  }, 120_000);
});
