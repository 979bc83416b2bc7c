import type { GroupCreate, GroupResponse } from '@app/shared/schemas/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsQueryKey } from '../../../api/groups/get-groups';
import { api } from '../../../lib/api-client';

export const createGroup = (body: GroupCreate) => api<GroupResponse>('/business-group', { method: 'POST', body });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
