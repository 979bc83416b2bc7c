import type { ServiceStateCreate, ServiceStateResponse } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const createServiceState = ({ serviceId, ...body }: ServiceStateCreate & { serviceId: number }) =>
  api<ServiceStateResponse>(`/service/${serviceId}/state`, { method: 'POST', body });

export const useCreateServiceState = () =>
  useInvalidatingMutation(createServiceState, () => serviceInvalidation.stateWritten());
