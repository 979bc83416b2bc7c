import { msg } from '@app/shared/messages';
import { can, type Permission } from '@app/shared/permissions';
import fastifyJwt from '@fastify/jwt';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/app-error.ts';
import type { AuthUser } from '../lib/auth-user.ts';

/** A signed-in user with the moment their session ends (the token's or the session row's expiry, the earlier). */
export type SessionUser = AuthUser & { expiresAt: Date };

/** Looks up a live session (not expired, user not deleted) for a verified token. */
export type SessionResolver = (
  sessionId: string,
  userId: number,
) => Promise<(Omit<AuthUser, 'sessionId'> & { expiresAt: Date }) | null | undefined>;

/**
 * Notes that a signed-in request used its session (the sessions list's 'Último uso'): called without
 * being awaited, its failure only logged, so the request never waits for it.
 */
export type SessionUseNoter = (sessionId: string, ip: string) => Promise<void> | undefined;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
  interface FastifyInstance {
    /** preHandler: any signed-in user. */
    authenticate: preHandlerAsyncHookHandler;
    /** preHandler: a signed-in user whose role holds the permission (`can()` of the shared table). */
    authorize(permission: Permission): preHandlerAsyncHookHandler;
    signSessionToken(payload: { userId: number; sessionId: string }, expiresInSeconds: number): string;
    /** The signed-in user of a bearer token (signature, expiry, live session), or null. */
    verifySessionToken(token: string): Promise<SessionUser | null>;
  }
}

interface TokenPayload {
  sub: string;
  sid: string;
  exp?: number;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

export const authPlugin = fp<{ secret: string; resolveSession: SessionResolver; noteSessionUse?: SessionUseNoter }>(
  async (app, options) => {
    await app.register(fastifyJwt, { secret: options.secret });
    app.decorateRequest('auth', null);

    app.decorate('signSessionToken', (payload: { userId: number; sessionId: string }, expiresInSeconds: number) =>
      app.jwt.sign({ sub: String(payload.userId), sid: payload.sessionId } satisfies TokenPayload, {
        expiresIn: expiresInSeconds,
      }),
    );

    async function verifySessionToken(token: string): Promise<SessionUser | null> {
      let payload: TokenPayload;
      try {
        payload = app.jwt.verify<TokenPayload>(token);
      } catch {
        return null;
      }
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
      const user = await options.resolveSession(payload.sid, userId);
      if (!user) return null;
      const tokenEnds = typeof payload.exp === 'number' ? payload.exp * 1000 : Number.POSITIVE_INFINITY;
      const expiresAt = user.expiresAt.getTime() <= tokenEnds ? user.expiresAt : new Date(tokenEnds);
      return { ...user, expiresAt, sessionId: payload.sid };
    }

    async function authenticate(request: FastifyRequest) {
      const token = bearerToken(request);
      const user = token ? await verifySessionToken(token) : null;
      if (!user) throw unauthorized(msg.unauthorized);
      request.auth = user;
      options
        .noteSessionUse?.(user.sessionId, request.ip)
        ?.catch((error: unknown) => request.log.warn({ err: error }, 'could not note the session’s use'));
    }

    app.decorate('verifySessionToken', verifySessionToken);
    app.decorate('authenticate', authenticate);
    app.decorate('authorize', (permission: Permission) => async (request: FastifyRequest) => {
      await authenticate(request);
      if (!can(request.auth, permission)) throw forbidden(msg.forbidden);
    });
  },
);

/** The signed-in user of a route guarded by authenticate/authorize. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized(msg.unauthorized);
  return request.auth;
}
