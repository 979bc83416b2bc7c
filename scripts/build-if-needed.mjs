// Builds the web app when its bundle is missing or older than any source it is made from,
// so `npm start` works on a fresh clone and stays fast afterwards.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'packages/shared/src',
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

const builtAt = fs.existsSync(bundle) ? fs.statSync(bundle).mtimeMs : 0;
if (sources.some((source) => newestMtime(source) > builtAt)) {
  console.log('Compilando la aplicación web…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}
