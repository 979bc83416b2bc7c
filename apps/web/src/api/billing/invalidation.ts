import type { CacheEffect } from '../../lib/cache-effect';
import { billingKeys } from './keys';

/** What each billing change touches in the cache. */
export const billingInvalidation = {
  /** A new version of a company's fee terms. */
  termsSaved: (businessId: number): CacheEffect => ({ invalidate: [billingKeys.terms(businessId)] }),
  /** An extra charge added, changed, deactivated or deleted. */
  extrasChanged: (businessId: number): CacheEffect => ({ invalidate: [billingKeys.extras(businessId)] }),
  /** UF values typed or imported: the charges waiting for them were converted, in any month. */
  ufChanged: (): CacheEffect => ({ invalidate: [billingKeys.ufAll, billingKeys.chargesAll] }),
  /** Charges generated, edited, voided or marked issued. */
  chargesChanged: (): CacheEffect => ({ invalidate: [billingKeys.chargesAll] }),
};
