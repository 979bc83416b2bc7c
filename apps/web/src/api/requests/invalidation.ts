import type { CacheEffect } from '../../lib/cache-effect';
import { folderViewsQueryKey } from '../documents/get-folder-view';
import { requestKeys, requestsQueryKey } from './keys';

/** What each change to document requests touches in the cache. */
export const requestInvalidation = {
  /**
   * A request created, deleted or reviewed, a file sent against an item or removed, or the live
   * 'requests changed' event: every request list and the badges (templates are not touched).
   * Files sent against items land in folders, so folder views too.
   */
  requestsChanged: (): CacheEffect => ({
    invalidate: [
      [...requestsQueryKey, 'period'],
      [...requestsQueryKey, 'business'],
      requestKeys.mine,
      requestKeys.toReview,
      folderViewsQueryKey,
    ],
  }),
  /** A service's templates written. */
  templatesChanged: (serviceId: number): CacheEffect => ({ invalidate: [requestKeys.templates(serviceId)] }),
};
