import type { BusinessDetail } from '@app/shared/schemas/businesses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessesQueryKey } from './get-businesses';

export const businessQueryKey = (id: number) => [...businessesQueryKey, id] as const;

export const getBusiness = async (id: number) => (await api<{ business: BusinessDetail }>(`/business/${id}`)).business;

export const businessQueryOptions = (id: number) =>
  queryOptions({ queryKey: businessQueryKey(id), queryFn: () => getBusiness(id) });

export const useBusiness = (id: number) => useQuery(businessQueryOptions(id));
