import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { servicesListQueryKey } from './get-services';

export const deleteService = (id: number) => api<{ message: string }>(`/service/${id}`, { method: 'DELETE' });

export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesListQueryKey }),
  });
}
