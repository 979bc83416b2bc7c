import type { ServiceStateResponse, ServiceStateUpdate } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const updateServiceState = ({
  serviceId,
  id,
  ...body
}: ServiceStateUpdate & { serviceId: number; id: number }) =>
  api<ServiceStateResponse>(`/service/${serviceId}/state/${id}`, { method: 'PUT', body });

export const useUpdateServiceState = () =>
  useInvalidatingMutation(updateServiceState, () => serviceInvalidation.stateWritten());
