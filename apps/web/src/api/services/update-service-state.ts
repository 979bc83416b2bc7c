import type { ServiceStateResponse, ServiceStateUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const updateServiceState = ({
  serviceId,
  id,
  ...body
}: ServiceStateUpdate & { serviceId: number; id: number }) =>
  api<ServiceStateResponse>(`/service/${serviceId}/state/${id}`, { method: 'PUT', body });

export function useUpdateServiceState() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceState,
    onSuccess: () => applyCacheEffect(queryClient, serviceInvalidation.stateWritten()),
  });
}
