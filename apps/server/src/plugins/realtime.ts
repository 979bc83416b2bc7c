import { STAFF_ROLES } from '@app/shared/roles';
import { boardEventName } from '@app/shared/schemas/monthly-states';
import { taskBoardEventName } from '@app/shared/schemas/tasks';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { EventBus } from '../lib/events.ts';

const STAFF_ROOM = 'staff';
const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const userRoom = (userId: number) => `user:${userId}`;
const isStaff = (role: string) => (STAFF_ROLES as readonly string[]).includes(role);
/** setTimeout's longest delay (about 24.8 days); a longer session re-arms its timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SocketUser {
  id: number;
  role: string;
  sessionId: string;
  /** When the session ends: the socket is closed then. */
  expiresAt: Date;
}

interface RealtimeOptions {
  events: EventBus;
  /** Verifies a bearer token the way the HTTP routes do (signature, expiry, live session). */
  authenticate(token: string): Promise<SocketUser | null>;
  /**
   * The session read from the database now (never from memory), undefined once it has ended: a
   * socket checks itself this way right after joining its rooms, so a logout, demotion or
   * deletion committed while it was connecting (on any instance) is not missed.
   */
  recheck(sessionId: string, userId: number): Promise<{ role: string; expiresAt: Date } | undefined>;
  /** With it, several instances share their broadcasts through Redis. */
  redisUrl?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/**
 * Socket.IO on the app's own origin (`/socket.io/`), signed in with the same bearer token
 * (DESIGN.md §4). Staff sockets join the staff room and receive the board events with no
 * subscription of their own; client sockets connect but receive none of them. A socket leaves the
 * staff room when its user stops being staff, and closes when its session ends for any reason
 * (logout, password change, deletion: by event; expiry: by a timer at the session's end).
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions) {
  const io = new Server(app.server, { path: '/socket.io/', serveClient: false, transports: ['websocket', 'polling'] });
  const redisClients: Redis[] = [];
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redisClients.push(pub, sub);
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const user = typeof token === 'string' ? await options.authenticate(token).catch(() => null) : null;
    if (!user) return next(new Error('Debes iniciar sesión'));
    socket.data.user = user;
    return next();
  });

  io.on('connection', (socket) => {
    const user = socket.data.user as SocketUser;
    socket.join([sessionRoom(user.sessionId), userRoom(user.id)]);
    if (isStaff(user.role)) socket.join(STAFF_ROOM);
    // Closed when the session expires: a timer on this instance, which holds the socket.
    let expiry: NodeJS.Timeout | undefined;
    const closeAt = (at: Date) => {
      clearTimeout(expiry);
      const wait = at.getTime() - Date.now();
      if (wait <= 0) return socket.disconnect(true);
      expiry = setTimeout(() => closeAt(at), Math.min(wait, MAX_TIMER_MS));
      expiry.unref();
    };
    closeAt(user.expiresAt);
    socket.on('disconnect', () => clearTimeout(expiry));
    // What may have changed while it connected (read before any change's event could reach it).
    options
      .recheck(user.sessionId, user.id)
      .then((live) => {
        if (!live) return socket.disconnect(true);
        if (isStaff(live.role)) socket.join(STAFF_ROOM);
        else socket.leave(STAFF_ROOM);
        closeAt(live.expiresAt < user.expiresAt ? live.expiresAt : user.expiresAt);
      })
      .catch((error: unknown) => {
        app.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'socket check failed');
        socket.disconnect(true);
      });
  });

  options.events.on('monthly-state.changed', (change) => {
    io.to(STAFF_ROOM).emit(boardEventName(change), change);
  });
  options.events.on('task-state.changed', (change) => {
    io.to(STAFF_ROOM).emit(taskBoardEventName(change), change);
  });
  // Through the adapter, so the user's sockets on every instance follow at once.
  options.events.on('user.role-changed', ({ userId, role }) => {
    const sockets = io.in(userRoom(userId));
    if (isStaff(role)) sockets.socketsJoin(STAFF_ROOM);
    else sockets.socketsLeave(STAFF_ROOM);
  });
  options.events.on('session.ended', (ended) => {
    if ('sessionIds' in ended) {
      for (const sessionId of ended.sessionIds) io.in(sessionRoom(sessionId)).disconnectSockets(true);
      return;
    }
    const sockets = io.in(userRoom(ended.userId));
    const except = ended.exceptSessionId;
    (except ? sockets.except(sessionRoom(except)) : sockets).disconnectSockets(true);
  });

  app.decorate('io', io);
  app.addHook('onClose', async () => {
    await io.close();
    await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
  });
}
