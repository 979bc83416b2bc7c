import type { GroupDetailResponse } from '@app/shared/schemas/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every group detail: deleting a company takes it out of every group, so it refreshes them all. */
export const groupDetailsQueryKey = ['groups', 'detail'] as const;

/** One group: its name, description and the ids of its companies. */
export const groupQueryKey = (groupId: number) => [...groupDetailsQueryKey, groupId] as const;

export const getGroup = async (groupId: number) => (await api<GroupDetailResponse>(`/business-group/${groupId}`)).group;

export const groupQueryOptions = (groupId: number) =>
  queryOptions({ queryKey: groupQueryKey(groupId), queryFn: () => getGroup(groupId) });

export const useGroup = (groupId: number) => useQuery(groupQueryOptions(groupId));
