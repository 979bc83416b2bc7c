import type { User } from '@app/shared/schemas/users';
import { useSyncExternalStore } from 'react';
import { type Session, sessionStore } from './session-store';

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
