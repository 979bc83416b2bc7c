// Bundles the server into apps/server/dist/main.js so that `npm start` runs plain JavaScript
// (no TypeScript compiler at start-up). The workspace package @app/shared is bundled in, and so are
// the dependencies every start loads (Fastify, zod, Drizzle, Socket.IO…): Node then reads a few
// files instead of some 600 small CommonJS ones. Left in node_modules, loaded as usual: the packages
// that read files beside their own code (PGlite's WebAssembly and data, the API docs' pages, the
// logger's worker threads) and those loaded only when a feature is used (ExcelJS, the PostgreSQL
// and Redis clients, mail, push, QR codes, metrics, the holiday tables).
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverPackage = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
const dependencies = Object.keys({ ...serverPackage.dependencies, ...serverPackage.devDependencies });
const BUNDLED = new Set([
  '@fastify/helmet',
  '@fastify/jwt',
  '@fastify/multipart',
  '@fastify/static',
  '@fastify/swagger',
  'bowser',
  'dayjs',
  'drizzle-orm',
  'fastify',
  'fastify-plugin',
  'fastify-type-provider-zod',
  'otplib',
  'range-parser',
  'saxes',
  'socket.io',
  'tar-stream',
  'zod',
]);
/** Optional native add-ons that some bundled packages try to load (and do without). */
const OPTIONAL_NATIVE = ['bufferutil', 'utf-8-validate'];

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
  external: [...dependencies.filter((name) => !BUNDLED.has(name)), ...OPTIONAL_NATIVE].flatMap((name) => [
    name,
    `${name}/*`,
  ]),
  // Bundled CommonJS helpers may call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
