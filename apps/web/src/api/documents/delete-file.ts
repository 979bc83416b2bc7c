import type { MessageResponse } from '@app/shared/errors';
import { api } from '../../lib/api-client';
import { combineEffects, useInvalidatingMutation } from '../../lib/cache-effect';
import { requestInvalidation } from '../requests/invalidation';
import { documentInvalidation } from './invalidation';

/** DELETE /api/business-folder/file/{id}: staff any file, a client one they sent. */
export const deleteFile = (id: number) => api<MessageResponse>(`/business-folder/file/${id}`, { method: 'DELETE' });

/** A file gone may have answered a request item, whose look and counts change with it. */
export const useDeleteFile = () =>
  useInvalidatingMutation(deleteFile, () =>
    combineEffects(documentInvalidation.filesChanged(), requestInvalidation.requestsChanged()),
  );
