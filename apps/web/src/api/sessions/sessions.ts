import type { MessageResponse } from '@app/shared/errors';
import type { SessionSummary } from '@app/shared/schemas/sessions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryClient as appQueryClient } from '../../lib/query-client';
import { sessionStore } from '../../lib/session-store';

/** 'Sesiones activas' of the signed-in user, the most recently used first. */
export const sessionsQueryKey = ['profile', 'sessions'] as const;

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsQueryKey, queryFn: () => api<SessionSummary[]>('/profile/sessions') });

export const useSessions = () => useQuery(sessionsQueryOptions());

type Ended = MessageResponse & { count: number };

/** Ends one of the user's sessions; ending this one signs out here. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: Pick<SessionSummary, 'id' | 'current'>) =>
      api<MessageResponse>(`/profile/sessions/${session.id}`, { method: 'DELETE' }),
    onSuccess: (_answer, session) => {
      if (session.current) {
        sessionStore.clear();
        appQueryClient.clear();
        return;
      }
      return queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
    },
  });
}

/** Ends every session of the user but this one. */
export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<Ended>('/profile/sessions/end-others', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** The owner ends every session of a user (the users list's security menu). */
export const endUserSessions = (userId: number) => api<Ended>(`/users/${userId}/sessions`, { method: 'DELETE' });

export const useEndUserSessions = () => useMutation({ mutationFn: endUserSessions });
