import { documentsMsg } from '@app/shared/messages-documents';
import type { UploadResponse } from '@app/shared/schemas/documents';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { documentInvalidation } from './invalidation';

/** PUT /api/business-folder/file/{id}: one new file in place of a file's bytes (staff; 409 once the client approved it). */
export function replaceFile({ id, file }: { id: number; file: File }): Promise<UploadResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  return api<UploadResponse>(`/business-folder/file/${id}`, {
    method: 'PUT',
    body,
    failureMessage: documentsMsg.fileReplaceFailed,
  });
}

export const useReplaceFile = () => useInvalidatingMutation(replaceFile, () => documentInvalidation.filesChanged());
