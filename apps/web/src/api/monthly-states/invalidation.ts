import type { CacheEffect } from '../../lib/cache-effect';
import { monthlyBoardsQueryKey } from './get-monthly-board';

/** What a change elsewhere does to the monthly board's cache (its cells' histories sit under each month's key). */
export const monthlyStateInvalidation = {
  /**
   * monthly_states and monthly_state_history rows went with a company, a service or one of its
   * states (ON DELETE CASCADE): every month's board, and so every history, is fetched again.
   */
  cellsDeleted: (): CacheEffect => ({ invalidate: [monthlyBoardsQueryKey] }),
};
