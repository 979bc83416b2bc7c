import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { credentialInvalidation } from './invalidation';

export const deleteCredential = ({ id }: { id: number; businessId: number }) =>
  api<MessageResponse>(`/password/${id}`, { method: 'DELETE' });

/** The company detail lists its credentials too (without the password). */
export function useDeleteCredential() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCredential,
    onSuccess: (_data, { businessId }) => applyCacheEffect(queryClient, credentialInvalidation.changed(businessId)),
  });
}
