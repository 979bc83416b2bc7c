import fs from 'node:fs';
import path from 'node:path';

/**
 * The first folder at or above `from` that holds `target`, found the same way whether the code
 * runs from its sources (src/…) or from the production bundle (dist/, dist/chunks/).
 */
export function findUp(from: string, target: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, target))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no se encontró ${target} sobre ${from}`);
  }
}

/** apps/server: its migrations (drizzle/) sit here. */
export const SERVER_DIR = findUp(import.meta.dirname, 'drizzle/meta/_journal.json');
/** The built web app, served by default (apps/web/dist). */
export const DEFAULT_WEB_DIST_DIR = path.join(SERVER_DIR, '..', 'web', 'dist');
