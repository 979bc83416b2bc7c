import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { documentInvalidation } from './invalidation';

/** DELETE /api/business-folder/file/{id} (spec 2 §7). */
export const deleteFile = (id: number) => api<MessageResponse>(`/business-folder/file/${id}`, { method: 'DELETE' });

export const useDeleteFile = () => useInvalidatingMutation(deleteFile, () => documentInvalidation.filesChanged());
