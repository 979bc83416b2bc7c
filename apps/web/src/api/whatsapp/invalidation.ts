import type { CacheEffect } from '../../lib/cache-effect';
import { activityQueryKey } from '../activity/get-activity';

export const whatsappKeys = {
  contact: (businessId: number) => ['whatsapp', 'contact', businessId] as const,
  status: ['whatsapp', 'status'] as const,
};

/** What each WhatsApp change touches in the cache. */
export const whatsappInvalidation = {
  /**
   * A company's number or consent: its own entry, the outbox (a withdrawn consent fails what was
   * queued, a new number readdresses it) and the activity log that records it.
   */
  contactChanged: (businessId: number): CacheEffect => ({
    invalidate: [whatsappKeys.contact(businessId), whatsappKeys.status, activityQueryKey],
  }),
  /** A send queued again. */
  outboxChanged: (): CacheEffect => ({ invalidate: [whatsappKeys.status] }),
  /** The company's number, consent and outbox rows went with it (ON DELETE CASCADE). */
  businessDeleted: (businessId: number): CacheEffect => ({
    remove: [whatsappKeys.contact(businessId)],
    invalidate: [whatsappKeys.status],
  }),
};
