// Type-checks the workspaces and the scripts, as many at a time as the machine has cores: each is a
// tsc of its own (single-threaded), so one after the other left a core idle. Any failure fails the
// whole, with each project's errors printed under its name.
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const projects = ['apps/server', 'apps/web', 'packages/shared', 'scripts'];
const tsc = path.join(root, 'node_modules/.bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const child = spawn(tsc, ['-p', path.join(project, 'tsconfig.json'), '--noEmit', '--pretty'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

const waiting = [...projects];
const results = [];
const lanes = Array.from({ length: Math.min(os.availableParallelism(), projects.length) }, async () => {
  while (waiting.length > 0) results.push(await check(waiting.shift()));
});
await Promise.all(lanes);

let failed = false;
for (const { project, code, output } of results) {
  if (code === 0) continue;
  failed = true;
  console.error(`── ${project}\n${output}`);
}
if (failed) process.exit(1);
console.log(`Types check in ${projects.join(', ')}.`);
