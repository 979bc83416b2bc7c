import type { UserCreate, UserResponse } from '@app/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { usersQueryKey } from './get-users';

export const createUser = (body: UserCreate) => api<UserResponse>('/user', { method: 'POST', body });

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}
