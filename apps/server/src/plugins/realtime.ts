import { can, type Permission } from '@app/shared/permissions';
import type { Role } from '@app/shared/roles';
import type * as RedisAdapter from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { EventBus } from '../lib/events.ts';
import { loadWhenUsed } from '../lib/load-when-used.ts';
import type { RedisLink } from './redis.ts';

/** The Socket.IO Redis adapter loads only when REDIS_URL is set. */
const redisAdapter = loadWhenUsed<typeof RedisAdapter>('@socket.io/redis-adapter');

const sessionRoom = (sessionId: string) => `session:${sessionId}`;
const userRoom = (userId: number) => `user:${userId}`;
const permissionRoom = (permission: Permission) => `can:${permission}`;
/** The permission rooms a role belongs in, and those it does not. */
function permissionRooms(roomPermissions: readonly Permission[], userId: number, role: string) {
  const actor = { id: userId, role: role as Role };
  const rooms = roomPermissions.map((permission) => ({
    room: permissionRoom(permission),
    held: can(actor, permission),
  }));
  return {
    held: rooms.filter((entry) => entry.held).map((entry) => entry.room),
    notHeld: rooms.filter((entry) => !entry.held).map((entry) => entry.room),
  };
}
/** setTimeout's longest delay (about 24.8 days); a longer session re-arms its timer. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface SocketUser {
  id: number;
  role: string;
  sessionId: string;
  /** When the session ends: the socket is closed then. */
  expiresAt: Date;
}

/** What a module's events file uses to send its live events (after commit). */
export interface LiveRooms {
  /** Sends the event to every socket whose user holds the permission (each live event names the one that reads it). */
  sendToPermission(permission: Permission, event: string, payload: unknown): void;
  /** Sends the event to that user's sockets only (every session of theirs, on every instance). */
  sendToUser(userId: number, event: string, payload: unknown): void;
}

interface RealtimeOptions {
  /** The session and role events the sockets follow (session.ended, user.role-changed). */
  events: Pick<EventBus, 'on'>;
  /** The permissions that have a room: those the modules' live events are sent to. */
  roomPermissions: readonly Permission[];
  /** Verifies a bearer token the way the HTTP routes do (signature, expiry, live session). */
  authenticate(token: string): Promise<SocketUser | null>;
  /**
   * The session read from the database now (never from memory), undefined once it has ended: a
   * socket checks itself this way right after joining its rooms, so a logout, demotion or
   * deletion committed while it was connecting (on any instance) is not missed.
   */
  recheck(sessionId: string, userId: number): Promise<{ role: string; expiresAt: Date } | undefined>;
  /**
   * Notes that an open socket used its session ('Mi perfil' → 'Sesiones activas'): called when it
   * connects and at each heartbeat (every 25 s); the noter keeps it to once a minute.
   */
  noteSessionUse?(sessionId: string): Promise<void> | undefined;
  /**
   * With it, several instances share their broadcasts through Redis. While Redis is unreachable a
   * broadcast reaches this instance's sockets only; once it is back, every socket here is closed so
   * that its browser reconnects (signed in again: a session ended meanwhile is refused) and reloads
   * what it may have missed.
   */
  redis?: RedisLink;
}

/** The calls the Socket.IO adapter makes without awaiting them. */
const UNAWAITED = new Set<PropertyKey>(['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe']);

/**
 * The client as the adapter sees it: the adapter publishes and (un)subscribes without awaiting, and
 * while Redis is unreachable a publish fails at once (no offline queue), an unsubscription at close
 * when the connection ends: such a failure must not become an unhandled rejection, which would
 * stop the process. The local part of every broadcast has been delivered by then.
 */
function forAdapter(client: Redis): Redis {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!UNAWAITED.has(property)) return value.bind(target);
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        return result instanceof Promise ? result.catch(() => undefined) : result;
      };
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

/**
 * Socket.IO on the app's own origin (`/socket.io/`), signed in with the same bearer token
 * (clients get no board events). A socket joins the room of each permission the modules send
 * live events to
 * (`roomPermissions`: the boards' 'monthly-states:read', 'task-states:read') that its role holds
 * through can(), and receives those events with no subscription of its own; the modules' events
 * files send them through the returned `sendToPermission`. A socket follows its
 * user's role changes at once, and closes when its session ends for any reason
 * (logout, password change, deletion: by event; expiry: by a timer at the session's end).
 */
export async function registerRealtime(app: FastifyInstance, options: RealtimeOptions): Promise<LiveRooms> {
  const roomsOf = (userId: number, role: string) => permissionRooms(options.roomPermissions, userId, role);
  const io = new Server(app.server, { path: '/socket.io/', serveClient: false, transports: ['websocket', 'polling'] });
  if (options.redis) {
    io.adapter(redisAdapter().createAdapter(forAdapter(options.redis.commands), forAdapter(options.redis.subscriber)));
    // Closing the transport, not the socket: the browser reconnects by itself and reloads its board.
    options.redis.onRecovered(() => {
      for (const socket of io.of('/').sockets.values()) socket.conn.close();
    });
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
    socket.join([sessionRoom(user.sessionId), userRoom(user.id), ...roomsOf(user.id, user.role).held]);
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
    // A board left open for hours is a session in use: its heartbeat says so.
    const noteUse = () =>
      options
        .noteSessionUse?.(user.sessionId)
        ?.catch((error: unknown) => app.log.warn({ err: error }, 'could not note the session’s use'));
    noteUse();
    socket.conn.on('heartbeat', noteUse);
    // What may have changed while it connected (read before any change's event could reach it).
    options
      .recheck(user.sessionId, user.id)
      .then((live) => {
        if (!live) return socket.disconnect(true);
        const rooms = roomsOf(user.id, live.role);
        socket.join(rooms.held);
        for (const room of rooms.notHeld) socket.leave(room);
        closeAt(live.expiresAt < user.expiresAt ? live.expiresAt : user.expiresAt);
      })
      .catch((error: unknown) => {
        app.log.warn({ error: error instanceof Error ? error.message : String(error) }, 'socket check failed');
        socket.disconnect(true);
      });
  });

  // Through the adapter, so the user's sockets on every instance follow at once.
  options.events.on('user.role-changed', ({ userId, role }) => {
    const sockets = io.in(userRoom(userId));
    const rooms = roomsOf(userId, role);
    if (rooms.held.length) sockets.socketsJoin(rooms.held);
    if (rooms.notHeld.length) sockets.socketsLeave(rooms.notHeld);
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
  });
  return {
    sendToPermission: (permission, event, payload) => io.to(permissionRoom(permission)).emit(event, payload),
    sendToUser: (userId, event, payload) => io.to(userRoom(userId)).emit(event, payload),
  };
}
