import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

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

const EARLY_REQUEST = path.resolve(import.meta.dirname, 'src/app/early-request.ts');

/**
 * src/app/early-request.ts as one file of its own (its few imports bundled in), its script tag first
 * in index.html: index.html's own scripts are bundled into one entry, which the browser runs only
 * once all of it (~350 KB) has arrived and compiled; this one runs at once and starts a staff
 * reload's board request (or an owner's reload of /cobranza's charges).
 */
function earlyRequest(): Plugin {
  let fileName = '';
  let code = '';
  return {
    name: 'early-request',
    apply: 'build',
    async buildStart() {
      const built = await esbuild({
        entryPoints: [EARLY_REQUEST],
        bundle: true,
        write: false,
        format: 'esm',
        minify: true,
        target: 'es2022',
      });
      code = built.outputFiles[0]?.text ?? '';
      fileName = `assets/early-request-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const first = html.indexOf('<script type="module"');
        if (!fileName || first < 0) throw new Error('early-request: not built, or index.html has no app script');
        // async: run as soon as it arrives, not after the page's style sheet as a deferred script would.
        const tag = `<script type="module" async crossorigin src="/${fileName}"></script>\n    `;
        return html.slice(0, first) + tag + html.slice(first);
      },
    },
  };
}

/**
 * Mantine's ScrollArea (inside every Modal, so in the first page's script through the theme) takes
 * only useMergeRefs from @floating-ui/react, but a module is split into chunks whole: the menus',
 * tooltips' and popovers' positioning code (~44 KB, ~15 KB gzip) came along into the sign-in page's
 * script. ScrollArea gets a copy of its own of that module, which keeps only what it uses; the
 * screens that position menus and popovers load the whole module with their own code.
 */
function scrollAreaOwnFloatingUi(): Plugin {
  return {
    name: 'scroll-area-own-floating-ui',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer?.includes('/@mantine/core/esm/components/ScrollArea/'))
        return null;
      const resolved = await this.resolve(source, importer, { skipSelf: true });
      return resolved ? `${resolved.id}?scroll-area` : null;
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), earlyRequest(), scrollAreaOwnFloatingUi()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
