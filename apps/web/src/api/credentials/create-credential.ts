import type { CredentialCreate, CredentialResponse } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { businessQueryKey } from '../businesses/get-business';
import { credentialsQueryKey } from './get-credentials';

export const createCredential = (body: CredentialCreate) =>
  api<CredentialResponse>('/password', { method: 'POST', body });

/** The company detail lists its credentials too (without the password). */
export function useCreateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCredential,
    onSuccess: (_data, { businessId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: credentialsQueryKey(businessId) }),
        queryClient.invalidateQueries({ queryKey: businessQueryKey(businessId) }),
      ]),
  });
}
