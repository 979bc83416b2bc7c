import type { ActivityPage } from '@app/shared/schemas/activity';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ActivityFilter } from '../../lib/activity-params';
import { api } from '../../lib/api-client';

export const ACTIVITY_PAGE_SIZE = 50;

/** Every read of the log sits under this key. */
export const activityQueryKey = ['activity'] as const;

const paramsOf = (filter: ActivityFilter) => ({
  userId: filter.userId,
  businessId: filter.businessId,
  kind: filter.kind,
  from: filter.from,
  to: filter.to,
});

export const getActivityPage = (filter: ActivityFilter, cursor: string | null, limit = ACTIVITY_PAGE_SIZE) =>
  api<ActivityPage>('/activity', { params: { ...paramsOf(filter), cursor, limit } });

/**
 * The log, newest first, 50 at a time: 'Cargar más' asks for the page after the last one shown
 * (keyset cursor). Always read afresh when the screen opens: the log grows with every change made
 * anywhere, and no mutation of the app invalidates it.
 */
export const activityInfiniteOptions = (filter: ActivityFilter) =>
  infiniteQueryOptions({
    queryKey: [...activityQueryKey, 'log', paramsOf(filter)] as const,
    queryFn: ({ pageParam }) => getActivityPage(filter, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });

export const useActivityLog = (filter: ActivityFilter) => useInfiniteQuery(activityInfiniteOptions(filter));

export const RECENT_ACTIVITY_SIZE = 10;

/** A company's last 10 entries (its page's 'Actividad reciente'). */
export const recentActivityOptions = (businessId: number) =>
  queryOptions({
    queryKey: [...activityQueryKey, 'recent', businessId] as const,
    queryFn: () =>
      getActivityPage({ userId: null, businessId, kind: null, from: null, to: null }, null, RECENT_ACTIVITY_SIZE),
    staleTime: 0,
  });

export const useRecentActivity = (businessId: number) => useQuery(recentActivityOptions(businessId));
