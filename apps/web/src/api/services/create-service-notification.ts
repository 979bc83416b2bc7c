import type { ServiceNotificationCreate, ServiceNotificationResponse } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const createServiceNotification = ({ serviceId, ...body }: ServiceNotificationCreate & { serviceId: number }) =>
  api<ServiceNotificationResponse>(`/service/${serviceId}/notification`, { method: 'POST', body });

export function useCreateServiceNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceNotification,
    onSuccess: (_data, { serviceId }) => applyCacheEffect(queryClient, serviceInvalidation.detailChanged(serviceId)),
  });
}
