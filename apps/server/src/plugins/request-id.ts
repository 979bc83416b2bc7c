import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy or client may hand in: short, and nothing a log line or a header could be broken with. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the incoming X-Request-Id when it is sane, else a new random one. */
export function requestIdOf(raw: IncomingMessage): string {
  const incoming = raw.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Fastify's options for request ids: every log line of a request carries its id as `reqId`
 * (Fastify's label). Fastify's own header reading is off: it would keep any incoming value as it is.
 */
export const requestIdOptions = { genReqId: requestIdOf, requestIdHeader: false } as const;

/** Every response names its request's id, so a user's report can be found in the log. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
