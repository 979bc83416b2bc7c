import type { CacheEffect } from '../../lib/cache-effect';
import { calendarEventsQueryKey } from './get-calendar-events';
import { calendarQueryKey } from './get-my-calendars';

/** What each change to the owner's Google link and calendars touches in the cache. */
export const calendarInvalidation = {
  /** Linking (or failing to) changes the account, its calendars and so every range of events. */
  accountLinked: (): CacheEffect => ({ invalidate: [calendarQueryKey] }),
  /** A calendar shown or hidden (the list takes the answer as is): every range of events. */
  calendarSwitched: (): CacheEffect => ({ invalidate: [calendarEventsQueryKey] }),
};
