import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessQueryKey } from './get-business';

export const deleteBusinessUser = ({ id }: { id: number; businessId: number }) =>
  api<{ message: string }>(`/user/${id}`, { method: 'DELETE' });

export function useDeleteBusinessUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBusinessUser,
    onSuccess: (_data, { businessId }) => queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
  });
}
