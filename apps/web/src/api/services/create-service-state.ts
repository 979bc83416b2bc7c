import type { ServiceStateCreate, ServiceStateResponse } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const createServiceState = ({ serviceId, ...body }: ServiceStateCreate & { serviceId: number }) =>
  api<ServiceStateResponse>(`/service/${serviceId}/state`, { method: 'POST', body });

export function useCreateServiceState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceState,
    // The list shows states too, so the whole services prefix is refreshed.
    onSuccess: () => applyCacheEffect(queryClient, serviceInvalidation.stateWritten()),
  });
}
