import type { CacheEffect } from '../../lib/cache-effect';
import { notesRootQueryKey } from './get-notes';

/** What each change to a note touches in the cache: every list, whatever its order and filter, may show it. */
export const noteInvalidation = {
  written: (): CacheEffect => ({ invalidate: [notesRootQueryKey] }),
  deleted: (): CacheEffect => ({ invalidate: [notesRootQueryKey] }),
};
