import type { CredentialResponse, CredentialUpdate } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { businessQueryKey } from '../businesses/get-business';
import { credentialsQueryKey } from './get-credentials';

export const updateCredential = ({ id, ...body }: CredentialUpdate & { id: number; businessId: number }) =>
  api<CredentialResponse>(`/password/${id}`, { method: 'PUT', body });

/** The company detail lists its credentials too (without the password). */
export function useUpdateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCredential,
    onSuccess: (_data, { businessId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialsQueryKey(businessId) }),
        queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
      ]),
  });
}
