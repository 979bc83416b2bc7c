import type { GroupCreate, GroupResponse } from '@app/shared/schemas/groups';
import { api, submissionOf } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { groupInvalidation } from './invalidation';

export const createGroup = submissionOf((body: GroupCreate, idempotencyKey: string) =>
  api<GroupResponse>('/business-group', { method: 'POST', body, idempotencyKey }),
);

export const useCreateGroup = () => useInvalidatingMutation(createGroup, () => groupInvalidation.written());
