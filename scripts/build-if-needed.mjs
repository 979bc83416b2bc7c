// Builds the web app and the server bundle when either is missing or older than any source it is
// made from, so `npm start` works on a fresh clone and starts fast afterwards.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const targets = [
  {
    name: 'la aplicación web',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
    command: 'npm run build -w apps/web',
  },
  {
    name: 'el servidor',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'packages/shared/src', 'apps/server/package.json', 'scripts/build-server.mjs'],
    command: 'npm run build:server',
  },
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

for (const target of targets) {
  const output = path.join(root, target.output);
  const builtAt = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  if (target.sources.some((source) => newestMtime(source) > builtAt)) {
    console.log(`Compilando ${target.name}…`);
    execSync(target.command, { cwd: root, stdio: 'inherit' });
  }
}
