import type { CacheEffect } from '../../lib/cache-effect';
import { emailLogQueryKey } from './get-email-log';

/** What each change touches in the e-mail log's cache (every page sits under one key). */
export const emailInvalidation = {
  /** Sent or not, the attempt is in the log. */
  sendAttempted: (): CacheEffect => ({ invalidate: [emailLogQueryKey] }),
  /** email_log.business_id is set to null with the company (ON DELETE SET NULL): the log names it no more. */
  businessDeleted: (): CacheEffect => ({ invalidate: [emailLogQueryKey] }),
};
