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

/** Sends stored JSON bytes as they are, gzipped when the client accepts it, never re-serialised. */
export function sendBuiltJson(request: FastifyRequest, reply: FastifyReply, built: BuiltJson) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(built.gzip as never);
  }
  return reply.send(built.json as never);
}
