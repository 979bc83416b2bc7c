import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/**
 * Writes a .br and a .gz beside every built text file worth compressing, once at build time: the
 * server sends them as they are (@fastify/static `preCompressed`) instead of the raw ~1 MB of script.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

const EARLY_BOARD = path.resolve(import.meta.dirname, 'src/app/early-board.ts');
/** The route modules a staff reload of home loads after the app's script (see router.tsx, board-loaders.ts). */
const STAFF_HOME_MODULES = [
  'src/app/shell/app-layout.tsx',
  'src/app/home-route.tsx',
  'src/app/board-loaders.ts',
  'src/app/staff-home.tsx',
];

/**
 * The script files of the staff home's route modules and everything they import, but those the
 * app's entry already loads: what the early script preloads for a staff reload of home.
 */
function staffHomeScripts(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (roots: OutputChunk[]) => {
    const seen = new Set<string>();
    const visit = (chunk: OutputChunk | undefined) => {
      if (!chunk || seen.has(chunk.fileName)) return;
      seen.add(chunk.fileName);
      for (const imported of chunk.imports) visit(byName.get(imported));
    };
    for (const root of roots) visit(root);
    return seen;
  };
  const loadedByEntry = withImports(chunks.filter((chunk) => chunk.isEntry));
  const roots = chunks.filter((chunk) => STAFF_HOME_MODULES.some((module) => chunk.facadeModuleId?.endsWith(module)));
  if (roots.length !== STAFF_HOME_MODULES.length) throw new Error('early-board: a staff home module has no chunk');
  return [...withImports(roots)].filter((file) => !loadedByEntry.has(file));
}

/**
 * src/app/early-board.ts as one file of its own (its few imports bundled in), its script tag first
 * in index.html: index.html's own scripts are bundled into one entry, which the browser runs only
 * once all of it (~350 KB) has arrived and compiled; this one runs at once and starts a staff
 * reload's board request.
 */
function earlyBoard(): Plugin {
  let fileName = '';
  let code = '';
  return {
    name: 'early-board',
    apply: 'build',
    async buildStart() {
      const built = await esbuild({
        entryPoints: [EARLY_BOARD],
        bundle: true,
        write: false,
        format: 'esm',
        minify: true,
        target: 'es2022',
      });
      code = built.outputFiles[0]?.text ?? '';
      fileName = `assets/early-board-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const first = html.indexOf('<script type="module"');
        if (!fileName || first < 0 || !context.bundle) {
          throw new Error('early-board: not built, or index.html has no app script');
        }
        const preload = staffHomeScripts(context.bundle).join(' ');
        // async: run as soon as it arrives, not after the page's style sheet as a deferred script would.
        const tag = `<script type="module" async crossorigin src="/${fileName}" data-staff-home="${preload}"></script>\n    `;
        return html.slice(0, first) + tag + html.slice(first);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), earlyBoard()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
