import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessesQueryKey } from './get-businesses';

export const deleteBusiness = (id: number) => api<{ message: string }>(`/business/${id}`, { method: 'DELETE' });

export function useDeleteBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBusiness,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessesQueryKey }),
  });
}
