import type { BusinessList } from '@app/shared/schemas/businesses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The companies list: the Empresas page and the companies of a group's detail read this one entry. */
export const businessesQueryKey = ['businesses', 'list'] as const;

export const getBusinesses = () => api<BusinessList>('/business');

export const businessesQueryOptions = () => queryOptions({ queryKey: businessesQueryKey, queryFn: getBusinesses });

export const useBusinesses = () => useQuery(businessesQueryOptions());
