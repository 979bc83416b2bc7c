import { sessionsMsg } from '@app/shared/messages-trust';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { ApiRequestError, api } from './api-client';
import { sessionStore } from './session-store';

/**
 * The app's one realtime connection: Socket.IO on the app's own origin, signed in
 * with the session's bearer token. It opens when a session starts, is replaced when the token
 * changes (another sign-in) and closes on sign-out.
 */
let socket: Socket | null = null;
let socketToken: string | null = null;
const listeners = new Set<() => void>();

/**
 * The server closed this socket: it does so when the session ends ('Cerrar todas las demás',
 * another device's 'Cerrar sesión', a password change) or expires, and also when it could not check
 * the session. One request tells them apart: a 401 signs this browser out at once (the route
 * guard goes to the sign-in page, which says why); a live session connects again.
 */
async function serverClosed(closed: Socket) {
  try {
    await api('/user/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      sessionStore.endWithNotice(sessionsMsg.endedHere);
      return;
    }
  }
  if (socket === closed) closed.connect();
}

function syncWithSession() {
  const token = sessionStore.get()?.token ?? null;
  if (token === socketToken) return;
  socket?.disconnect();
  const opened = token ? io({ path: '/socket.io/', auth: { token } }) : null;
  opened?.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') void serverClosed(opened);
  });
  socket = opened;
  socketToken = token;
  for (const listener of listeners) listener();
}

syncWithSession();
sessionStore.subscribe(syncWithSession);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The current socket, or null while nobody is signed in. */
export function useSocket(): Socket | null {
  return useSyncExternalStore(subscribe, () => socket);
}

/**
 * Calls `handler` with each `name` event while the component is mounted. A new `name` (another
 * month) drops the old listener; the handler may change on every render.
 */
export function useSocketEvent<T>(name: string, handler: (payload: T) => void) {
  const current = useSocket();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => {
    if (!current) return;
    const listener = (payload: T) => handlerRef.current(payload);
    current.on(name, listener);
    return () => {
      current.off(name, listener);
    };
  }, [current, name]);
}

/**
 * Calls `handler` each time the socket connects again after having been connected (a dropped
 * network, a restarted server): whatever was broadcast meanwhile was missed, so callers refetch.
 */
export function useSocketReconnect(handler: () => void) {
  const current = useSocket();
  const handlerRef = useRef(handler);
  handlerRef.current = handler;
  useEffect(() => {
    if (!current) return;
    let wasConnected = current.connected;
    const onConnect = () => {
      if (wasConnected) handlerRef.current();
      wasConnected = true;
    };
    const onDisconnect = () => {
      wasConnected = true;
    };
    current.on('connect', onConnect);
    current.on('disconnect', onDisconnect);
    return () => {
      current.off('connect', onConnect);
      current.off('disconnect', onDisconnect);
    };
  }, [current]);
}
