import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceBusinessServicesQueryKey } from '../business-services/get-service-business-services';
import { serviceBusinessesQueryKey } from '../business-services/get-service-businesses';
import { businessQueryKey } from '../businesses/get-business';
import { businessesQueryKey } from '../businesses/get-businesses';
import { folderViewQueryKey } from '../documents/get-folder-view';
import { monthlyBoardQueryKey } from '../monthly-states/get-monthly-board';
import { taskBoardQueryKey } from '../tasks/get-task-board';
import { serviceQueryKey } from './get-service';
import { servicesListQueryKey } from './get-services';
import { serviceInvalidation } from './invalidation';

// The query keys come with their fetchers, whose client reads the browser's storage when loaded.
vi.mock('../../lib/api-client', () => ({ api: vi.fn() }));

const deleted = 3;
const period = { year: 2026, month: 5 };

describe('deleting a service', () => {
  it('drops its own entries and refreshes its companies, the monthly board and the folders, and no other', async () => {
    const gone: QueryKey[] = [
      serviceQueryKey(deleted),
      serviceBusinessServicesQueryKey(deleted),
      serviceBusinessesQueryKey(deleted),
    ];
    const stale: QueryKey[] = [
      servicesListQueryKey,
      businessQueryKey(7),
      monthlyBoardQueryKey(period),
      folderViewQueryKey({ businessId: 7, folderId: 11, period }),
    ];
    const untouched: QueryKey[] = [serviceQueryKey(4), businessesQueryKey, taskBoardQueryKey(period)];
    const queryClient = new QueryClient();
    for (const queryKey of [...gone, ...stale, ...untouched]) queryClient.setQueryData(queryKey, { seeded: true });

    await applyCacheEffect(queryClient, serviceInvalidation.deleted(deleted));

    for (const queryKey of gone) expect(queryClient.getQueryState(queryKey), JSON.stringify(queryKey)).toBeUndefined();
    for (const queryKey of stale) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(true);
    }
    for (const queryKey of untouched) {
      expect(queryClient.getQueryState(queryKey)?.isInvalidated, JSON.stringify(queryKey)).toBe(false);
    }
  });
});
