import type { MessageResponse } from '@app/shared/errors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { folderViewsQueryKey } from './get-folder-view';

/** DELETE /api/business-folder/file/{id} (spec 2 §7). */
export const deleteFile = (id: number) => api<MessageResponse>(`/business-folder/file/${id}`, { method: 'DELETE' });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: folderViewsQueryKey }),
  });
}
