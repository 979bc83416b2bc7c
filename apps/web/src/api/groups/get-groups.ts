import type { GroupList } from '@app/shared/schemas/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The groups list (Grupos de Empresas). */
export const groupsQueryKey = ['groups', 'list'] as const;

export const getGroups = () => api<GroupList>('/business-group');

export const groupsQueryOptions = () => queryOptions({ queryKey: groupsQueryKey, queryFn: getGroups });

export const useGroups = () => useQuery(groupsQueryOptions());
