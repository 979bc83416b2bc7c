import { documentsMsg } from '@app/shared/messages-documents';
import type { UploadResponse } from '@app/shared/schemas/documents';
import { api } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { documentInvalidation } from './invalidation';

/**
 * POSTs files to `/api{path}` as multipart/form-data with the repeated field 'file' and answers the
 * server's upload answer; a refusal (415 type, 413 size, 403, …) throws its Spanish message. Folder
 * uploads and a client's answers to request items both go through here, and so does a spreadsheet
 * of companies to import (its answer as `T`, its other `fields` sent before the files).
 */
export function postFiles<T = UploadResponse>(
  path: string,
  files: File[],
  fields: Record<string, string> = {},
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append('file', file, file.name);
  return api<T>(path, { method: 'POST', body, failureMessage: documentsMsg.fileAddFailed });
}

/** POST /api/business-folder/{businessFolderId}/file: staff into any folder, a client into one that allows it. */
export const uploadFiles = ({ businessFolderId, files }: { businessFolderId: number; files: File[] }) =>
  postFiles(`/business-folder/${businessFolderId}/file`, files);

export const useUploadFiles = () => useInvalidatingMutation(uploadFiles, () => documentInvalidation.filesChanged());
