import type { BusinessServiceAllUpdate, BusinessServiceAllUpdateResponse } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { businessDetailsQueryKey } from '../businesses/get-business';
import { serviceBusinessServicesQueryKey } from './get-service-business-services';
import { serviceBusinessesQueryKey } from './get-service-businesses';

/** 'Activar todo' (start date 2021-01-01 unless given) / 'Desactivar todo'. */
export const updateAllBusinessServices = ({ serviceId, ...body }: BusinessServiceAllUpdate & { serviceId: number }) =>
  api<BusinessServiceAllUpdateResponse>(`/service/${serviceId}/business-service-all-update`, {
    method: 'PUT',
    body,
  });

export function useUpdateAllBusinessServices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAllBusinessServices,
    onSuccess: ({ businessServices }, { serviceId }) => {
      // The answer is the service's complete list of company rows.
      queryClient.setQueryData(serviceBusinessServicesQueryKey(serviceId), businessServices);
      // Every company's link to this service changed.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: serviceBusinessesQueryKey(serviceId) }),
        queryClient.invalidateQueries({ queryKey: businessDetailsQueryKey }),
      ]);
    },
  });
}
