import type { UserResponse, UserUpdate } from '@app/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionStore } from '../../../lib/session';
import { usersQueryKey } from './get-users';

export const updateUser = ({ id, ...body }: UserUpdate & { id: number }) =>
  api<UserResponse>(`/user/${id}`, { method: 'PUT', body });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ user }) => {
      // Editing oneself renames the top bar too.
      if (sessionStore.get()?.user.id === user.id) sessionStore.updateUser(user);
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
  });
}
