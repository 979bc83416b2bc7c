import type { ServiceResponse, ServiceUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { servicesQueryKey } from './get-services';

export const updateService = ({ id, ...body }: ServiceUpdate & { id: number }) =>
  api<ServiceResponse>(`/service/${id}`, { method: 'PUT', body });

export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
  });
}
