import type { BusinessDetailResponse } from '@app/shared/schemas/businesses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/**
 * Every company detail. Each one lists every service (linked or not), so a change to a service or
 * to all of a service's links refreshes them all through this prefix.
 */
export const businessDetailsQueryKey = ['businesses', 'detail'] as const;

/** One company's detail: its data, its service links and its client users. */
export const businessQueryKey = (id: number) => [...businessDetailsQueryKey, id] as const;

export const getBusiness = async (id: number) => (await api<BusinessDetailResponse>(`/business/${id}`)).business;

export const businessQueryOptions = (id: number) =>
  queryOptions({ queryKey: businessQueryKey(id), queryFn: () => getBusiness(id) });

export const useBusiness = (id: number) => useQuery(businessQueryOptions(id));
