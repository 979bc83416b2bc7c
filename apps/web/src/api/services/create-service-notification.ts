import type { ServiceNotificationCreate, ServiceNotificationResponse } from '@app/shared/schemas/services';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { serviceQueryKey } from './get-service';

export const createServiceNotification = ({ serviceId, ...body }: ServiceNotificationCreate & { serviceId: number }) =>
  api<ServiceNotificationResponse>(`/service/${serviceId}/notification`, { method: 'POST', body });

export function useCreateServiceNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createServiceNotification,
    onSuccess: (_data, { serviceId }) => queryClient.invalidateQueries({ queryKey: serviceQueryKey(serviceId) }),
  });
}
