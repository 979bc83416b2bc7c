import { BuiltJson } from './built-json.ts';

/**
 * What each instance knows of the database's writes, so that it can keep answers in memory and
 * drop them when their tables change: every statement that writes a watched table notifies
 * `table_changes` at commit, and every instance listens (db/table-changes.ts).
 */
export interface TableChanges {
  /**
   * A key that is different after any change of one of the tables; null while changes cannot be
   * heard (the listening connection is down), when callers must read the database instead.
   */
  versionOf(tables: readonly string[]): string | null;
  close(): Promise<void>;
}

/** Every table some cache depends on: each needs its change trigger (a test checks them all). */
export const cachedTables = new Set<string>();

/**
 * Values by key, each kept while none of `tables` has changed since it was loaded (any instance's
 * write moves the tables' version, see db/table-changes.ts). At most `maxEntries` keys are kept,
 * least recently used out first. While changes cannot be heard, every get loads afresh.
 * Requests that miss together share one load (after a change, ten readers of the board build it
 * once, not ten times); a failed load is not kept. Every caller gets the same value: read-only.
 */
export function createTableCache<T>(changes: TableChanges, tables: readonly string[], maxEntries: number) {
  const entries = new Map<string, { version: string; value: Promise<T> }>();
  for (const table of tables) cachedTables.add(table);
  return {
    get(key: string, load: () => Promise<T>): Promise<T> {
      // Read before loading: a change during the load only makes the next get load again.
      const version = changes.versionOf(tables);
      if (version === null) return load();
      const entry = entries.get(key);
      entries.delete(key); // kept or replaced: most recently used last
      if (entry && entry.version === version) {
        entries.set(key, entry);
        return entry.value;
      }
      const value = load();
      entries.set(key, { version, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
  };
}

/** Answers built once per change of their tables: the JSON bytes (and gzip) of `build`'s value. */
export function createBuiltJsonCache(changes: TableChanges, tables: readonly string[], maxEntries: number) {
  const cache = createTableCache<BuiltJson>(changes, tables, maxEntries);
  return {
    get: (key: string, build: () => Promise<unknown>) => cache.get(key, async () => BuiltJson.of(await build())),
  };
}
