import type { CredentialCreate, CredentialResponse } from '@app/shared/schemas/credentials';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { credentialInvalidation } from './invalidation';

export const createCredential = (body: CredentialCreate) =>
  api<CredentialResponse>('/password', { method: 'POST', body });

/** The company detail lists its credentials too (without the password). */
export const useCreateCredential = () =>
  useInvalidatingMutation(createCredential, (_data, { businessId }) => credentialInvalidation.changed(businessId));
