import type { ServiceCreate, ServiceResponse } from '@app/shared/schemas/services';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const createService = (body: ServiceCreate) => api<ServiceResponse>('/service', { method: 'POST', body });

/** Every company detail lists every service, so the new one shows there too. */
export const useCreateService = () => useInvalidatingMutation(createService, () => serviceInvalidation.written());
