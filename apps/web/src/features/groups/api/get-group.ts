import type { Group } from '@app/shared/schemas/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { groupsQueryKey } from './get-groups';

export const groupQueryKey = (groupId: number) => [...groupsQueryKey, groupId] as const;

export const getGroup = async (groupId: number) => (await api<{ group: Group }>(`/business-group/${groupId}`)).group;

export const groupQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupQueryKey(groupId), queryFn: () => getGroup(groupId) });

export const useGroup = (groupId: number) => useQuery(groupQueryOptions(groupId));
