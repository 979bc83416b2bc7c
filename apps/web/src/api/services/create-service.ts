import type { ServiceCreate, ServiceResponse } from '@app/shared/schemas/services';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { serviceInvalidation } from './invalidation';

export const createService = submissionOf((body: ServiceCreate, idempotencyKey: string) =>
  api<ServiceResponse>('/service', { method: 'POST', body, idempotencyKey }),
);

/** Every company detail lists every service, so the new one shows there too. */
export const useCreateService = () => useInvalidatingMutation(createService, () => serviceInvalidation.written());
