import type { GroupResponse, GroupUpdate } from '@app/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { groupQueryKey } from './get-group';
import { groupInvalidation } from './invalidation';

/** Name, description and, when given, the full list of the group's companies (it replaces the old one). */
export const updateGroup = ({ id, ...body }: GroupUpdate & { id: number }) =>
  api<GroupResponse>(`/business-group/${id}`, { method: 'PUT', body });

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: ({ group }) => {
      // The answer is the saved group: the detail takes it as is, the list is fetched again.
      queryClient.setQueryData(groupQueryKey(group.id), group);
      return applyCacheEffect(queryClient, groupInvalidation.written());
    },
  });
}
