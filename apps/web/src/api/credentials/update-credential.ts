import type { CredentialResponse, CredentialUpdate } from '@app/shared/schemas/credentials';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { credentialInvalidation } from './invalidation';

export const updateCredential = ({ id, ...body }: CredentialUpdate & { id: number; businessId: number }) =>
  api<CredentialResponse>(`/password/${id}`, { method: 'PUT', body });

/** The company detail lists its credentials too (without the password). */
export const useUpdateCredential = () =>
  useInvalidatingMutation(updateCredential, (_data, { businessId }) => credentialInvalidation.changed(businessId));
