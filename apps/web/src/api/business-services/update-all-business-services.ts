import type { BusinessServiceAllUpdate, BusinessServiceAllUpdateResponse } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceBusinessServicesQueryKey } from './get-service-business-services';
import { businessServiceInvalidation } from './invalidation';

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
      return applyCacheEffect(queryClient, businessServiceInvalidation.allLinksChanged(serviceId));
    },
  });
}
