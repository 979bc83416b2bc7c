import type { BusinessUserCreate } from '@app/shared/schemas/businesses';
import type { UserResponse } from '@app/shared/schemas/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessQueryKey } from './get-business';

/** A client user of a company ('Usuarios en empresa'): role client, tied to the company. */
export const createBusinessUser = (body: BusinessUserCreate) => api<UserResponse>('/user', { method: 'POST', body });

export function useCreateBusinessUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBusinessUser,
    onSuccess: (_data, { businessId }) => queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
  });
}
