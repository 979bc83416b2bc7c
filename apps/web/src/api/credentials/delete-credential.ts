import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { businessQueryKey } from '../businesses/get-business';
import { credentialsQueryKey } from './get-credentials';

export const deleteCredential = ({ id }: { id: number; businessId: number }) =>
  api<MessageResponse>(`/password/${id}`, { method: 'DELETE' });

/** The company detail lists its credentials too (without the password). */
export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCredential,
    onSuccess: (_data, { businessId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialsQueryKey(businessId) }),
        queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
      ]),
  });
}
