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

interface RealtimeOptions {
  events: EventBus;
  /** Verifies a bearer token the way the HTTP routes do (signature, expiry, live session). */
  authenticate(token: string): Promise<{ id: number; role: string; sessionId: string } | null>;
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
 * subscription of their own; client sockets connect but receive none of them.
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
    const user = socket.data.user as { id: number; role: string; sessionId: string };
    socket.join([sessionRoom(user.sessionId), userRoom(user.id)]);
    if ((STAFF_ROLES as readonly string[]).includes(user.role)) socket.join(STAFF_ROOM);
  });

  options.events.on('monthly-state.changed', (change) => {
    io.to(STAFF_ROOM).emit(boardEventName(change), change);
  });
  options.events.on('task-state.changed', (change) => {
    io.to(STAFF_ROOM).emit(taskBoardEventName(change), change);
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
