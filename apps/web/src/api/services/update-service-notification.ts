import type { ServiceNotificationResponse, ServiceNotificationUpdate } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const updateServiceNotification = ({
  serviceId,
  id,
  ...body
}: ServiceNotificationUpdate & { serviceId: number; id: number }) =>
  api<ServiceNotificationResponse>(`/service/${serviceId}/notification/${id}`, {
    method: 'PUT',
    body,
  });

export function useUpdateServiceNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServiceNotification,
    onSuccess: (_data, { serviceId }) => applyCacheEffect(queryClient, serviceInvalidation.detailChanged(serviceId)),
  });
}
