// Bundles the server into apps/server/dist/main.js so that `npm start` runs plain JavaScript
// (no TypeScript compiler at start-up). The workspace package @app/shared is bundled in; the
// server's npm dependencies stay external, loaded from node_modules as usual.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const dependencies = Object.keys({ ...serverPackage.dependencies, ...serverPackage.devDependencies });

await build({
  entryPoints: [path.join(root, 'apps/server/src/main.ts')],
  outdir: path.join(root, 'apps/server/dist'),
  // main.js loads the database client and the app as separate chunks, so they load side by side.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  external: dependencies.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS helpers may call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
