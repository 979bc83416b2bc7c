import { type CacheEffect, combineEffects } from '../../lib/cache-effect';
import { businessServiceInvalidation } from '../business-services/invalidation';
import { businessDetailsQueryKey } from '../businesses/get-business';
import { documentInvalidation } from '../documents/invalidation';
import { monthlyStateInvalidation } from '../monthly-states/invalidation';
import { serviceQueryKey } from './get-service';
import { servicesListQueryKey, servicesQueryKey } from './get-services';

/** What each change to a service and to its parts touches in the cache; a delete follows the database's cascades. */
export const serviceInvalidation = {
  /** Every company detail lists every service by name, so a new or renamed one shows there too. */
  written: (): CacheEffect => ({ invalidate: [servicesQueryKey, businessDetailsQueryKey] }),
  /**
   * Its states, folders, notifications and months go with it, and (ON DELETE CASCADE) its company
   * links, its monthly states and its companies' folders.
   */
  deleted: (serviceId: number): CacheEffect =>
    combineEffects(
      { remove: [serviceQueryKey(serviceId)], invalidate: [servicesListQueryKey] },
      businessServiceInvalidation.serviceDeleted(serviceId),
      monthlyStateInvalidation.cellsDeleted(),
      documentInvalidation.filesChanged(),
    ),
  /** A folder, a notification or the months active: the service detail. */
  detailChanged: (serviceId: number): CacheEffect => ({ invalidate: [serviceQueryKey(serviceId)] }),
  /** A state created or edited: the list shows states too, so the whole services prefix. */
  stateWritten: (): CacheEffect => ({ invalidate: [servicesQueryKey] }),
  /** A state deleted: its monthly states go with it (ON DELETE CASCADE). */
  stateDeleted: (): CacheEffect =>
    combineEffects({ invalidate: [servicesQueryKey] }, monthlyStateInvalidation.cellsDeleted()),
};
