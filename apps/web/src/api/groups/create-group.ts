import type { GroupCreate, GroupResponse } from '@app/shared/schemas/groups';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { groupInvalidation } from './invalidation';

export const createGroup = (body: GroupCreate) => api<GroupResponse>('/business-group', { method: 'POST', body });

export const useCreateGroup = () => useInvalidatingMutation(createGroup, () => groupInvalidation.written());
