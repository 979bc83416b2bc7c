import type { CacheEffect } from '../../lib/cache-effect';
import { groupDetailsQueryKey, groupQueryKey } from './get-group';
import { groupsQueryKey } from './get-groups';

/** What each change to a group touches in the cache. */
export const groupInvalidation = {
  /** Created, or saved (the detail then takes the answer as is): the list. */
  written: (): CacheEffect => ({ invalidate: [groupsQueryKey] }),
  deleted: (groupId: number): CacheEffect => ({ remove: [groupQueryKey(groupId)], invalidate: [groupsQueryKey] }),
  /** A company's business_group_members rows went with it (ON DELETE CASCADE): the list and every detail show them. */
  businessDeleted: (): CacheEffect => ({ invalidate: [groupsQueryKey, groupDetailsQueryKey] }),
};
