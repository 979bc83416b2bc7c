import type { MessageResponse } from '@app/shared/errors';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { sessionStore } from '../../lib/session-store';

export const logout = () => api<MessageResponse>('/logout', { method: 'POST' });

/** Revokes the token on the server, then clears local storage whatever the answer. */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      sessionStore.clear();
      queryClient.clear();
    },
  });
}
