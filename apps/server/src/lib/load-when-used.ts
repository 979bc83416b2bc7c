import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/**
 * A CommonJS package loaded the first time it is used rather than when the server starts: for what
 * only some settings or some requests need (Redis, metrics, sending mail), whose modules a start
 * without them would load for nothing. Answers a function that returns the package's exports.
 */
export function loadWhenUsed<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireHere(name) as T;
    return loaded;
  };
}
