import type { ServiceNotificationResponse, ServiceNotificationUpdate } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
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

export const useUpdateServiceNotification = () =>
  useInvalidatingMutation(updateServiceNotification, (_data, { serviceId }) =>
    serviceInvalidation.detailChanged(serviceId),
  );
