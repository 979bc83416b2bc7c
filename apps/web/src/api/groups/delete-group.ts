import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { groupQueryKey } from './get-group';
import { groupsQueryKey } from './get-groups';

export const deleteGroup = (id: number) => api<MessageResponse>(`/business-group/${id}`, { method: 'DELETE' });

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: groupQueryKey(id) });
      return queryClient.invalidateQueries({ queryKey: groupsQueryKey });
    },
  });
}
