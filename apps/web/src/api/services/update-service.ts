import type { ServiceResponse, ServiceUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { businessDetailsQueryKey } from '../businesses/get-business';
import { servicesQueryKey } from './get-services';

export const updateService = ({ id, ...body }: ServiceUpdate & { id: number }) =>
  api<ServiceResponse>(`/service/${id}`, { method: 'PUT', body });

/** The service's name also shows in every company detail. */
export function useUpdateService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateService,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: servicesQueryKey }),
        queryClient.invalidateQueries({ queryKey: businessDetailsQueryKey }),
      ]),
  });
}
