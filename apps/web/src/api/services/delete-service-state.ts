import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { servicesQueryKey } from './get-services';

export const deleteServiceState = ({ serviceId, id }: { serviceId: number; id: number }) =>
  api<MessageResponse>(`/service/${serviceId}/state/${id}`, { method: 'DELETE' });

export function useDeleteServiceState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteServiceState,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
  });
}
