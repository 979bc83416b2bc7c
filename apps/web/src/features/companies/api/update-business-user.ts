import type { BusinessUserUpdate } from '@app/shared/schemas/businesses';
import type { UserResponse } from '@app/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessQueryKey } from './get-business';

export const updateBusinessUser = ({ id, ...body }: BusinessUserUpdate & { id: number }) =>
  api<UserResponse>(`/user/${id}`, { method: 'PUT', body });

export function useUpdateBusinessUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessUser,
    onSuccess: (_data, { businessId }) => queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
  });
}
