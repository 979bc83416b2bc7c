import { AsyncLocalStorage } from 'node:async_hooks';
import { getTableName, type Table } from 'drizzle-orm';
import { z } from 'zod';
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

export interface TableCacheOptions<T> {
  /** Unique in the app: the declarations test names a cache by it. */
  name: string;
  /** Every table the loader reads, its own or another module's (a test fails on an undeclared one). */
  tables: readonly Table[];
  /** The most keys kept, the least recently used leaving first. */
  maxEntries: number;
  /** The value's shape, checked once per load (a value that breaks it is an error, never kept). */
  schema?: z.ZodType<T>;
}

/** The tables a module's read answers from: a cache that another module builds on its answers names them too. */
export interface TablesRead {
  readonly tables: readonly Table[];
}

/**
 * A read function that carries the tables it reads, for the caches of the modules it is handed to
 * (they name `read.tables` without importing another module's tables).
 */
export function readingTables<Read extends (...args: never[]) => unknown>(
  tables: readonly Table[],
  read: Read,
): Read & TablesRead {
  return Object.assign(read, { tables });
}

/** Each cache of the app by name, with the SQL names of its tables (each needs its change trigger). */
export const declaredCaches = new Map<string, readonly string[]>();

/** Every table some cache depends on: each needs its change trigger (a test checks them all). */
export function cachedTables(): Set<string> {
  return new Set([...declaredCaches.values()].flat());
}

/** What a test learns while it traces cache loads (see traceCacheLoads). */
export interface CacheLoadTracer {
  /** A cache's loader starts. */
  loading(cache: string): void;
  /** A cache hit inside other caches' loads: those loads read the hit cache's tables. */
  read(caches: readonly string[], tables: readonly string[]): void;
}

// Off unless a test traces: tracking the async context costs every promise something.
let tracing: { context: AsyncLocalStorage<readonly string[]>; tracer: CacheLoadTracer } | undefined;

/**
 * Test support: from now on each load runs in an async context that `loadingCaches()` reads, so
 * that a query logger can tell which caches a statement was run for. Answers the function that stops.
 */
export function traceCacheLoads(tracer: CacheLoadTracer): () => void {
  tracing = { context: new AsyncLocalStorage(), tracer };
  return () => {
    tracing = undefined;
  };
}

/** The caches whose loads are running in this async context, outermost first (none when not tracing). */
export function loadingCaches(): readonly string[] {
  return tracing?.context.getStore() ?? [];
}

/**
 * Values by key, each kept while none of its tables has changed since it was loaded (any instance's
 * write moves the tables' version, see db/table-changes.ts). At most `maxEntries` keys are kept,
 * least recently used out first. While changes cannot be heard, every get loads afresh.
 * Requests that miss together share one load (after a change, ten readers of the board build it
 * once, not ten times); a failed load is not kept. Every caller gets the same value: read-only.
 */
export function createTableCache<T>(changes: TableChanges, options: TableCacheOptions<T>) {
  const tables = options.tables.map((table) => getTableName(table));
  const declared = declaredCaches.get(options.name);
  if (declared && declared.join() !== tables.join()) throw new Error(`two caches are named ${options.name}`);
  declaredCaches.set(options.name, tables);
  const entries = new Map<string, { version: string; value: Promise<T> }>();
  const { schema } = options;

  function load(loader: () => Promise<T>): Promise<T> {
    // Awaited inside: a lazy query (a Drizzle builder) then runs in the tracing context too.
    const checked = async () => {
      const value = await loader();
      return schema ? schema.parse(value) : value;
    };
    if (!tracing) return checked();
    tracing.tracer.loading(options.name);
    return tracing.context.run([...loadingCaches(), options.name], checked);
  }

  return {
    get(key: string, loader: () => Promise<T>): Promise<T> {
      // Read before loading: a change during the load only makes the next get load again.
      const version = changes.versionOf(tables);
      if (version === null) return load(loader);
      const entry = entries.get(key);
      entries.delete(key); // kept or replaced: most recently used last
      if (entry && entry.version === version) {
        entries.set(key, entry);
        if (tracing && loadingCaches().length) tracing.tracer.read(loadingCaches(), tables);
        return entry.value;
      }
      const value = load(loader);
      entries.set(key, { version, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      for (const oldest of entries.keys()) {
        if (entries.size <= options.maxEntries) break;
        entries.delete(oldest);
      }
      return value;
    },
  };
}

/**
 * Answers built once per change of their tables: the JSON bytes (and gzip) of `build`'s value,
 * encoded through the route's response schema as the route's own serializer would, so the
 * schema holds for these bytes too.
 */
export function createBuiltJsonCache<S extends z.ZodType>(
  changes: TableChanges,
  options: Omit<TableCacheOptions<BuiltJson>, 'schema'> & { schema: S },
) {
  const { schema, ...rest } = options;
  const cache = createTableCache<BuiltJson>(changes, rest);
  return {
    get: (key: string, build: () => Promise<z.output<S>>) =>
      cache.get(key, async () => BuiltJson.of(z.encode(schema, await build()))),
  };
}
