import type { User } from '@app/shared/schemas/users';
import { useSyncExternalStore } from 'react';

export interface Session {
  user: User;
  token: string;
}

const STORAGE_KEY = 'session';
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

let current: Session | null = read();
/** Why this browser was signed out without asking (its session ended elsewhere): the sign-in page says it. */
let endedNotice: string | null = null;

function emit() {
  for (const listener of listeners) listener();
}

/** The signed-in user and token, kept in local storage so a reload restores them (cleared on sign-out). */
export const sessionStore = {
  get: () => current,
  set(session: Session) {
    current = session;
    endedNotice = null;
    localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    emit();
  },
  updateUser(user: User) {
    if (current) sessionStore.set({ ...current, user });
  },
  clear() {
    current = null;
    localStorage.removeItem(STORAGE_KEY);
    emit();
  },
  /** Signs out here, keeping why for the sign-in page (until the next sign-in). */
  endWithNotice(notice: string) {
    endedNotice = notice;
    if (current) sessionStore.clear();
    else emit();
  },
  notice: () => endedNotice,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

// Another tab signing in or out updates this one too.
window.addEventListener('storage', (event) => {
  if (event.key === STORAGE_KEY) {
    current = read();
    emit();
  }
});

/** Why the last session ended without the user signing out here, or null. */
export function useEndedNotice(): string | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.notice);
}

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get);
}

/** For screens behind the auth guard, where a session always exists. */
export function useCurrentUser(): User {
  const session = useSession();
  if (!session) throw new Error('useCurrentUser outside a signed-in route');
  return session.user;
}
