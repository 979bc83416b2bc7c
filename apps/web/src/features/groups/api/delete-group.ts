import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { groupsQueryKey } from './get-groups';

export const deleteGroup = (id: number) => api<{ message: string }>(`/business-group/${id}`, { method: 'DELETE' });

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
