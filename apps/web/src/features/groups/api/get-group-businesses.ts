import type { Business } from '@app/shared/schemas/businesses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The companies offered in a group's detail (spec 2 §7 "Company groups": GET /api/business). */
export const groupBusinessesQueryKey = ['groups', 'businesses'] as const;

export const getGroupBusinesses = () => api<Business[]>('/business');

export const groupBusinessesQueryOptions = () =>
  queryOptions({ queryKey: groupBusinessesQueryKey, queryFn: getGroupBusinesses });

export const useGroupBusinesses = () => useQuery(groupBusinessesQueryOptions());
