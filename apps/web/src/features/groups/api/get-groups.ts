import type { Group } from '@app/shared/schemas/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every group query (list and details) sits under this key. */
export const groupsQueryKey = ['groups'] as const;

export const getGroups = () => api<Group[]>('/business-group');

export const groupsQueryOptions = () => queryOptions({ queryKey: groupsQueryKey, queryFn: getGroups });

export const useGroups = () => useQuery(groupsQueryOptions());
