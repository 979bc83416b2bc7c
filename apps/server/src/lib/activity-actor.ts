import type { FastifyRequest } from 'fastify';

/**
 * Who acts and from where, for the activity log. Routes build it with `actorOf(request)`
 * and hand it to the service, which writes the entry inside the transaction of the change
 * (`recordActivity` in db/activity-log.ts).
 */
export interface ActivityActor {
  /** The signed-in user; null for the scheduler or an anonymous caller (a failed sign-in, a signed link). */
  userId: number | null;
  /** The client address (request.ip), null for the scheduler. */
  ip: string | null;
}

export const actorOf = (request: FastifyRequest): ActivityActor => ({
  userId: request.auth?.id ?? null,
  ip: request.ip,
});

/** The server acting by itself (scheduled jobs). */
export const SYSTEM_ACTOR: ActivityActor = { userId: null, ip: null };
