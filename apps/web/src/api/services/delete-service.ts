import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { serviceBusinessServicesQueryKey } from '../business-services/get-service-business-services';
import { serviceBusinessesQueryKey } from '../business-services/get-service-businesses';
import { businessDetailsQueryKey } from '../businesses/get-business';
import { serviceQueryKey } from './get-service';
import { servicesListQueryKey } from './get-services';

export const deleteService = (id: number) => api<MessageResponse>(`/service/${id}`, { method: 'DELETE' });

/** The delete cascades to the service's company links, which every company detail lists. */
export function useDeleteService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteService,
    onSuccess: (_data, id) => {
      for (const queryKey of [
        serviceQueryKey(id),
        serviceBusinessServicesQueryKey(id),
        serviceBusinessesQueryKey(id),
      ]) {
        queryClient.removeQueries({ queryKey });
      }
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: servicesListQueryKey }),
        queryClient.invalidateQueries({ queryKey: businessDetailsQueryKey }),
      ]);
    },
  });
}
