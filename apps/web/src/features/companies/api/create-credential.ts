import type { CredentialCreate, CredentialResponse } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { credentialsQueryKey } from './get-credentials';

export const createCredential = (body: CredentialCreate) =>
  api<CredentialResponse>('/password', { method: 'POST', body });

export function useCreateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCredential,
    onSuccess: (_data, { businessId }) => queryClient.invalidateQueries({ queryKey: credentialsQueryKey(businessId) }),
  });
}
