import fs from 'node:fs';
import path from 'node:path';
import type * as PgliteModule from '@electric-sql/pglite';
import { inject } from 'vitest';

/**
 * The PGlite module for `vi.mock('@electric-sql/pglite', …)`: a database created in a new, empty
 * folder starts from a copy of the run's data directory as a fresh initdb leaves it
 * (global-setup.ts) instead of running initdb again, which costs seconds each (more on a busy
 * machine). The folder ends up holding what initdb would have written, by the same PGlite;
 * everything after it (migrations, a restore's rows) runs as in production. For files that create
 * several databases on disk.
 */
export function withInitdbTemplate(real: typeof PgliteModule): typeof PgliteModule {
  const template = inject('pgliteEmptyDir');
  const create = (...args: unknown[]) => {
    const [options] = args as [PgliteModule.PGliteOptions | undefined];
    const dataDir = args.length === 1 && typeof options === 'object' ? options.dataDir : undefined;
    if (template && dataDir && !options?.loadDataDir) copyInitdbInto(template, dataDir);
    return (real.PGlite.create as (...args: unknown[]) => unknown)(...args);
  };
  const PGlite = new Proxy(real.PGlite, {
    get: (target, key, receiver) => (key === 'create' ? create : Reflect.get(target, key, receiver)),
  });
  return { ...real, PGlite };
}

/** Gives a folder that holds no database yet the initdb template's files; leaves a database alone. */
export function copyInitdbInto(template: string, dataDir: string) {
  if (dataDir.includes('://') || fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  fs.cpSync(template, dataDir, { recursive: true });
}

/**
 * For a test that starts a server or tool of its own on a new data directory: its embedded
 * database folder (DATA_DIR/db) starts as the run's initdb template, as initdb would leave it, so
 * the process skips the seconds initdb takes and still applies every migration itself.
 */
export function seedEmbeddedDatabase(dbDir: string) {
  copyInitdbInto(inject('pgliteEmptyDir'), dbDir);
}
