import type { Business } from '@app/shared/schemas/businesses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every company query (list and details) sits under this key, so one invalidation refreshes them all. */
export const businessesQueryKey = ['businesses'] as const;

export const getBusinesses = () => api<Business[]>('/business');

export const businessesQueryOptions = () => queryOptions({ queryKey: businessesQueryKey, queryFn: getBusinesses });

export const useBusinesses = () => useQuery(businessesQueryOptions());
