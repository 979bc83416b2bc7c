import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { groupInvalidation } from './invalidation';

export const deleteGroup = (id: number) => api<MessageResponse>(`/business-group/${id}`, { method: 'DELETE' });

export const useDeleteGroup = () => useInvalidatingMutation(deleteGroup, (_data, id) => groupInvalidation.deleted(id));
