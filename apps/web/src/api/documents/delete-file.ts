import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { applyCacheEffect } from '../../lib/cache-effect';
import { documentInvalidation } from './invalidation';

/** DELETE /api/business-folder/file/{id} (spec 2 §7). */
export const deleteFile = (id: number) => api<MessageResponse>(`/business-folder/file/${id}`, { method: 'DELETE' });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => applyCacheEffect(queryClient, documentInvalidation.filesChanged()),
  });
}
