import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { credentialInvalidation } from './invalidation';

export const deleteCredential = ({ id }: { id: number; businessId: number }) =>
  api<MessageResponse>(`/password/${id}`, { method: 'DELETE' });

/** The company detail lists its credentials too (without the password). */
export const useDeleteCredential = () =>
  useInvalidatingMutation(deleteCredential, (_data, { businessId }) => credentialInvalidation.changed(businessId));
