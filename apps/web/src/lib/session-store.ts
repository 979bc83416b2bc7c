import type { User } from '@app/shared/schemas/users';

export interface Session {
  user: User;
  token: string;
}

/** Where the session is kept in local storage (index.html's early script reads it too). */
export const SESSION_KEY = 'session';
const listeners = new Set<() => void>();

function read(): Session | null {
  try {
    const raw = localStorage.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    return null;
  }
}

/** The session as last read or set; undefined until first asked for (loading this module reads nothing). */
let current: Session | null | undefined;
let listening = false;
/** Why this browser was signed out without asking (its session ended elsewhere): the sign-in page says it. */
let endedNotice: string | null = null;

/** The session, read from storage the first time; from then on another tab signing in or out updates it too. */
function loaded(): Session | null {
  if (!listening) {
    listening = true;
    window.addEventListener('storage', (event) => {
      if (event.key === SESSION_KEY) {
        current = read();
        emit();
      }
    });
  }
  if (current === undefined) current = read();
  return current;
}

function emit() {
  for (const listener of listeners) listener();
}

/**
 * The signed-in user and token, kept in local storage so a reload restores them. No React here:
 * the API client reads it, and so does index.html's early script, which loads no framework.
 */
export const sessionStore = {
  get: loaded,
  set(session: Session) {
    current = session;
    endedNotice = null;
    localStorage.setItem(SESSION_KEY, JSON.stringify(session));
    emit();
  },
  updateUser(user: User) {
    const session = loaded();
    if (session) sessionStore.set({ ...session, user });
  },
  clear() {
    current = null;
    localStorage.removeItem(SESSION_KEY);
    emit();
  },
  /** Signs out here, keeping why for the sign-in page (until the next sign-in). */
  endWithNotice(notice: string) {
    endedNotice = notice;
    if (loaded()) sessionStore.clear();
    else emit();
  },
  notice: () => endedNotice,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
