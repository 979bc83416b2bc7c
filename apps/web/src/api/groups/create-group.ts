import type { GroupCreate, GroupResponse } from '@app/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { groupsQueryKey } from './get-groups';

export const createGroup = (body: GroupCreate) => api<GroupResponse>('/business-group', { method: 'POST', body });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
