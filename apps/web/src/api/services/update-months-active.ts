import type {
  ServiceDetail,
  ServiceMonthsActiveResponse,
  ServiceMonthsActiveUpdate,
} from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceQueryKey } from './get-service';
import { serviceInvalidation } from './invalidation';

/** Sends all twelve months on every switch change. */
export const updateMonthsActive = ({
  serviceId,
  monthsActive,
}: {
  serviceId: number;
  monthsActive: ServiceMonthsActiveUpdate;
}) =>
  api<ServiceMonthsActiveResponse>(`/service/${serviceId}/months-active`, {
    method: 'PUT',
    body: monthsActive,
  });

export function useUpdateMonthsActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMonthsActive,
    // The switch moves at once; a failure puts the server's months back.
    onMutate: async ({ serviceId, monthsActive }) => {
      const key = serviceQueryKey(serviceId);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ServiceDetail>(key);
      if (previous) queryClient.setQueryData<ServiceDetail>(key, { ...previous, monthsActive });
      return { previous };
    },
    onError: (_error, { serviceId }, context) => {
      if (context?.previous) queryClient.setQueryData(serviceQueryKey(serviceId), context.previous);
    },
    onSettled: (_data, _error, { serviceId }) =>
      applyCacheEffect(queryClient, serviceInvalidation.detailChanged(serviceId)),
  });
}
