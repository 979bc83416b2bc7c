import type { CredentialResponse, CredentialUpdate } from '@app/shared/schemas/credentials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { credentialInvalidation } from './invalidation';

export const updateCredential = ({ id, ...body }: CredentialUpdate & { id: number; businessId: number }) =>
  api<CredentialResponse>(`/password/${id}`, { method: 'PUT', body });

/** The company detail lists its credentials too (without the password). */
export function useUpdateCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCredential,
    onSuccess: (_data, { businessId }) => applyCacheEffect(queryClient, credentialInvalidation.changed(businessId)),
  });
}
