import type { CacheEffect } from '../../lib/cache-effect';
import { businessQueryKey } from '../businesses/get-business';
import { credentialsQueryKey } from './get-credentials';

/** What each change to a company's credentials touches in the cache. */
export const credentialInvalidation = {
  /** Created, edited or deleted: the vault, and the company detail that lists them too (without the password). */
  changed: (businessId: number): CacheEffect => ({
    invalidate: [credentialsQueryKey(businessId), businessQueryKey(businessId)],
  }),
  /** The company's business_passwords went with it (ON DELETE CASCADE). */
  businessDeleted: (businessId: number): CacheEffect => ({ remove: [credentialsQueryKey(businessId)] }),
};
