import type { CreateRequest, RequestResponseSchema } from '@app/shared/schemas/requests';
import type { z } from 'zod';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { requestInvalidation } from './invalidation';

export type RequestResponse = z.infer<typeof RequestResponseSchema>;

/** POST /api/requests: a request written by hand to one company for one period (the client is e-mailed). */
export const createRequest = submissionOf((body: CreateRequest, idempotencyKey: string) =>
  api<RequestResponse>('/requests', { method: 'POST', body, idempotencyKey }),
);

export const useCreateRequest = () =>
  useInvalidatingMutation(createRequest, () => requestInvalidation.requestsChanged());
