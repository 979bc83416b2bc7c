import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** An answer built once: its JSON bytes, and the same gzipped on first demand. */
export class BuiltJson {
  private gzipped: Buffer | undefined;
  constructor(readonly json: Buffer) {}

  static of(value: unknown): BuiltJson {
    return new BuiltJson(Buffer.from(JSON.stringify(value)));
  }

  get gzip(): Buffer {
    this.gzipped ??= gzipSync(this.json, { level: 6 });
    return this.gzipped;
  }
}

/**
 * Built answers by key, each valid while its source's version (a number moved by database
 * triggers, so every instance sees every change) is the one it was built at. At most `maxEntries`
 * keys are kept, least recently used out first.
 */
export function createVersionedCache(maxEntries: number) {
  const entries = new Map<string, { version: string; built: BuiltJson }>();
  return {
    async get(key: string, version: string, build: () => Promise<unknown>): Promise<BuiltJson> {
      const entry = entries.get(key);
      if (entry && entry.version === version) {
        entries.delete(key); // most recently used last
        entries.set(key, entry);
        return entry.built;
      }
      const built = BuiltJson.of(await build());
      entries.delete(key);
      entries.set(key, { version, built });
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return built;
    },
  };
}

/** Sends stored JSON bytes as they are, gzipped when the client accepts it, never re-serialised. */
export function sendBuiltJson(request: FastifyRequest, reply: FastifyReply, built: BuiltJson) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(built.gzip as never);
  }
  return reply.send(built.json as never);
}
