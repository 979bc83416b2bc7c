import type { CredentialCreate, CredentialResponse } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { credentialInvalidation } from './invalidation';

export const createCredential = (body: CredentialCreate) =>
  api<CredentialResponse>('/password', { method: 'POST', body });

/** The company detail lists its credentials too (without the password). */
export function useCreateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCredential,
    onSuccess: (_data, { businessId }) => applyCacheEffect(queryClient, credentialInvalidation.changed(businessId)),
  });
}
