import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { requestInvalidation } from './invalidation';

/** DELETE /api/requests/{id}: the request and its items (the files sent stay in their folders). */
export const deleteRequest = (id: number) => api<MessageResponse>(`/requests/${id}`, { method: 'DELETE' });

export const useDeleteRequest = () =>
  useInvalidatingMutation(deleteRequest, () => requestInvalidation.requestsChanged());
