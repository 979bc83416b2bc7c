import type { MessageResponse } from '@app/shared/errors';
import type { User } from '@app/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { userInvalidation } from './invalidation';

/** A staff user or a company's client user; `businessId` says which list shows them. */
export const deleteUser = ({ id }: Pick<User, 'id' | 'businessId'>) =>
  api<MessageResponse>(`/user/${id}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: (_data, user) => applyCacheEffect(queryClient, userInvalidation.written(user)),
  });
}
