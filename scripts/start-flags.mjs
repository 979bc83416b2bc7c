// The Node flags `npm start` runs the server with, read from package.json's start script so that
// the benchmarks measure the server exactly as it is started (one place to change them).
import fs from 'node:fs';
import path from 'node:path';

const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'));
const command = /node ((?:--\S+ )*)apps\/server\/dist\/main\.js/.exec(pkg.scripts.start);
if (!command) throw new Error('package.json start script: expected "node [--flags] apps/server/dist/main.js"');

/** e.g. ['--max-semi-space-size=4', '--max-old-space-size=192'] */
export const START_FLAGS = command[1].trim().split(/\s+/).filter(Boolean);
