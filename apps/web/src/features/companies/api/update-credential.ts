import type { CredentialResponse, CredentialUpdate } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { credentialsQueryKey } from './get-credentials';

export const updateCredential = ({ id, ...body }: CredentialUpdate & { id: number; businessId: number }) =>
  api<CredentialResponse>(`/password/${id}`, { method: 'PUT', body });

export function useUpdateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCredential,
    onSuccess: (_data, { businessId }) => queryClient.invalidateQueries({ queryKey: credentialsQueryKey(businessId) }),
  });
}
