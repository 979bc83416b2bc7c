import type { CacheEffect } from '../../lib/cache-effect';
import { folderViewsQueryKey } from './get-folder-view';

/** What each change to a company's folders and files touches in the cache. */
export const documentInvalidation = {
  /** An upload or a file deleted, or business folders gone with a service's folder template: every folder view. */
  filesChanged: (): CacheEffect => ({ invalidate: [folderViewsQueryKey] }),
  /** The company's business_folders, business_files and file_downloads went with it (ON DELETE CASCADE). */
  businessDeleted: (businessId: number): CacheEffect => ({ remove: [[...folderViewsQueryKey, businessId]] }),
};
