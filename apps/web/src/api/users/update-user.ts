import type { BusinessUserUpdate } from '@app/shared/schemas/businesses';
import type { UserResponse, UserUpdate } from '@app/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { sessionStore } from '../../lib/session';
import { meQueryKey } from './get-me';
import { invalidateUserLists } from './invalidate-user';

/** A staff user or a company's client user; an empty password keeps the current one. */
export const updateUser = ({ id, ...body }: (UserUpdate | BusinessUserUpdate) & { id: number }) =>
  api<UserResponse>(`/user/${id}`, { method: 'PUT', body });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: async ({ user }) => {
      if (sessionStore.get()?.user.id === user.id) {
        // Editing oneself renames the top bar and 'Mi perfil' too.
        sessionStore.updateUser(user);
        await queryClient.invalidateQueries({ queryKey: meQueryKey });
      }
      return invalidateUserLists(queryClient, user);
    },
  });
}
