import type { CacheEffect } from '../../lib/cache-effect';
import { businessDetailsQueryKey, businessQueryKey } from '../businesses/get-business';
import { allServiceBusinessServicesQueryKey, serviceBusinessServicesQueryKey } from './get-service-business-services';
import { allServiceBusinessesQueryKey, serviceBusinessesQueryKey } from './get-service-businesses';

/** What each change to a company's link to a service (business_services) touches in the cache. */
export const businessServiceInvalidation = {
  /** One link: it shows on the company detail and on the service detail (and its delete modal). */
  linkChanged: (businessId: number, serviceId: number): CacheEffect => ({
    invalidate: [
      businessQueryKey(businessId),
      serviceBusinessServicesQueryKey(serviceId),
      serviceBusinessesQueryKey(serviceId),
    ],
  }),
  /** Every company's link to the service (its company rows come in the answer). */
  allLinksChanged: (serviceId: number): CacheEffect => ({
    invalidate: [serviceBusinessesQueryKey(serviceId), businessDetailsQueryKey],
  }),
  /** A new company: every service's company rows list it, unlinked. */
  businessCreated: (): CacheEffect => ({ invalidate: [allServiceBusinessServicesQueryKey] }),
  /** A company renamed, or deleted with its links (ON DELETE CASCADE): every service's company lists. */
  businessChanged: (): CacheEffect => ({
    invalidate: [allServiceBusinessServicesQueryKey, allServiceBusinessesQueryKey],
  }),
  /** The service's links went with it (ON DELETE CASCADE): every company detail lists them. */
  serviceDeleted: (serviceId: number): CacheEffect => ({
    remove: [serviceBusinessServicesQueryKey(serviceId), serviceBusinessesQueryKey(serviceId)],
    invalidate: [businessDetailsQueryKey],
  }),
};
