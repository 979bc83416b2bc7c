import type { BusinessUserUpdate } from '@app/shared/schemas/businesses';
import type { UserResponse, UserUpdate } from '@app/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { sessionStore } from '../../lib/session-store';
import { userInvalidation } from './invalidation';

/** A staff user or a company's client user; an empty password keeps the current one. */
export const updateUser = ({ id, ...body }: (UserUpdate | BusinessUserUpdate) & { id: number }) =>
  api<UserResponse>(`/user/${id}`, { method: 'PUT', body });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: ({ user }) => {
      const self = sessionStore.get()?.user.id === user.id;
      // Editing oneself renames the top bar and 'Mi perfil' too.
      if (self) sessionStore.updateUser(user);
      return applyCacheEffect(queryClient, self ? userInvalidation.meWritten(user) : userInvalidation.written(user));
    },
  });
}
