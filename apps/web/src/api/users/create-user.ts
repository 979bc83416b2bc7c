import type { BusinessUserCreate } from '@app/shared/schemas/businesses';
import type { UserCreate, UserResponse } from '@app/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { userInvalidation } from './invalidation';

/** A staff user (Usuarios) or a company's client user ('Usuarios en empresa'): the same endpoint. */
export const createUser = (body: UserCreate | BusinessUserCreate) =>
  api<UserResponse>('/user', { method: 'POST', body });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: ({ user }) => applyCacheEffect(queryClient, userInvalidation.written(user)),
  });
}
