import { createHash } from 'node:crypto';
import { idempotencyMsg } from '@app/shared/messages-idempotency';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/idempotency.ts';
import { AppError, badRequest } from '../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating POST: an `Idempotency-Key` header makes a retry answer the first result. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request claimed: its answer is kept when it succeeds, the claim let go when it is refused. */
    idempotencyClaim?: { userId: number; key: string };
  }
}

/** Route options of a creating POST that honours `Idempotency-Key`. */
export const idempotent = { idempotent: true } as const;

const HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;
/** How long a key is remembered: far longer than any retry of one submission. */
const KEPT_FOR = '1 day';
/** How long a retry waits for the first request with its key to finish before answering 409. */
const WAIT_FOR_FIRST_MS = 10_000;
const POLL_MS = 50;

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(JSON.stringify({ params: request.params ?? null, body: request.body ?? null }))
    .digest('hex');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function replay(reply: FastifyReply, stored: { statusCode: number; response: string }) {
  return reply
    .status(stored.statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(stored.response as never);
}

/**
 * `Idempotency-Key` on the creating POSTs (routes with `config: idempotent`): the first request of
 * a user with a key claims it (a unique row, so of two parallel requests one runs and the other
 * waits for its answer); a 2xx answer is kept and a retry with the same key and data answers it
 * again without writing; the same key with other data, or on another route, is refused (422). A
 * refused request (4xx) lets its claim go, so the corrected submission can run. A 5xx keeps the
 * claim without an answer: the write may have committed before the failure, so a retry answers
 * 409 asking to reload rather than risk writing twice (so a create should answer from what its
 * transaction wrote). The body's hash is kept, so a route whose body holds a password (a new
 * user) is not marked idempotent.
 */
export function registerIdempotency(app: FastifyInstance, db: Db) {
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || !request.routeOptions.config?.idempotent) return;
    const header = request.headers[HEADER];
    if (header === undefined || !request.auth) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) throw badRequest(idempotencyMsg.invalidKey);
    const userId = request.auth.id;
    const route = `${request.method} ${request.routeOptions.url}`;
    const requestHash = hashOf(request);

    await db
      .delete(idempotencyKeys)
      .where(
        and(eq(idempotencyKeys.userId, userId), lt(idempotencyKeys.createdAt, sql`now() - ${KEPT_FOR}::interval`)),
      );
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ userId, key, route, requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed) {
      request.idempotencyClaim = { userId, key };
      return;
    }

    const waitUntil = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const [first] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!first) {
        // The first request was refused and let its claim go: this one runs in its place.
        const [again] = await db
          .insert(idempotencyKeys)
          .values({ userId, key, route, requestHash })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (again) {
          request.idempotencyClaim = { userId, key };
          return;
        }
        continue;
      }
      if (first.route !== route || first.requestHash !== requestHash) throw new AppError(422, idempotencyMsg.keyReused);
      if (first.statusCode !== null) {
        if (first.response === null) throw new AppError(409, idempotencyMsg.unknownOutcome);
        return replay(reply, { statusCode: first.statusCode, response: first.response });
      }
      if (Date.now() > waitUntil) throw new AppError(409, idempotencyMsg.stillRunning);
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    const status = reply.statusCode;
    try {
      if (status >= 200 && status < 300 && typeof payload === 'string') {
        await db.update(idempotencyKeys).set({ statusCode: status, response: payload }).where(where);
      } else if (status >= 400 && status < 500) {
        await db.delete(idempotencyKeys).where(where);
      } else {
        await db.update(idempotencyKeys).set({ statusCode: status }).where(where);
      }
    } catch (error) {
      // The answer still goes out: a claim left without an answer makes a retry answer 409, never write twice.
      request.log.warn({ err: error }, 'idempotency answer not kept');
    }
    return payload;
  });
}
