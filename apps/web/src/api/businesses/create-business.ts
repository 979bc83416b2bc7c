import type { BusinessCreate, BusinessResponse } from '@app/shared/schemas/businesses';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { businessInvalidation } from './invalidation';

export const createBusiness = submissionOf((body: BusinessCreate, idempotencyKey: string) =>
  api<BusinessResponse>('/business', { method: 'POST', body, idempotencyKey }),
);

/** The new company shows in the companies list (and so in every group's detail) and on every service's 'Empresas'. */
export const useCreateBusiness = () => useInvalidatingMutation(createBusiness, () => businessInvalidation.created());
