import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { credentialsQueryKey } from './get-credentials';

export const deleteCredential = ({ id }: { id: number; businessId: number }) =>
  api<{ message: string }>(`/password/${id}`, { method: 'DELETE' });

export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCredential,
    onSuccess: (_data, { businessId }) => queryClient.invalidateQueries({ queryKey: credentialsQueryKey(businessId) }),
  });
}
