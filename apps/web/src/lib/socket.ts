import { useEffect, useRef, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { sessionStore } from './session';

/**
 * The app's one realtime connection (DESIGN.md §4): Socket.IO on the app's own origin, signed in
 * with the session's bearer token. It opens when a session starts, is replaced when the token
 * changes (another sign-in) and closes on sign-out.
 */
let socket: Socket | null = null;
let socketToken: string | null = null;
const listeners = new Set<() => void>();

function syncWithSession() {
  const token = sessionStore.get()?.token ?? null;
  if (token === socketToken) return;
  socket?.disconnect();
  socket = token ? io({ path: '/socket.io/', auth: { token } }) : null;
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
