import type { User } from '@app/shared/schemas/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { sessionStore } from '../../lib/session-store';

/** The signed-in user ('Mi perfil'); an owner editing themselves on the users page refreshes it too. */
export const meQueryKey = ['users', 'me'] as const;

/** The signed-in user as the server has them; the stored session follows (an owner may have renamed them). */
export async function getMe(): Promise<User> {
  const user = await api<User>('/user/me');
  const stored = sessionStore.get()?.user;
  if (stored && stored.id === user.id && JSON.stringify(stored) !== JSON.stringify(user)) sessionStore.updateUser(user);
  return user;
}

export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });

export const useMe = () => useQuery(meQueryOptions());
