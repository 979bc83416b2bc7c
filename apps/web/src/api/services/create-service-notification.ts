import type { ServiceNotificationCreate, ServiceNotificationResponse } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const createServiceNotification = ({ serviceId, ...body }: ServiceNotificationCreate & { serviceId: number }) =>
  api<ServiceNotificationResponse>(`/service/${serviceId}/notification`, { method: 'POST', body });

export const useCreateServiceNotification = () =>
  useInvalidatingMutation(createServiceNotification, (_data, { serviceId }) =>
    serviceInvalidation.detailChanged(serviceId),
  );
