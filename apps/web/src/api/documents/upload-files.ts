import type { ApiError } from '@app/shared/errors';
import { documentsMsg } from '@app/shared/messages-documents';
import type { UploadResponse } from '@app/shared/schemas/documents';
import { ApiRequestError } from '../../lib/api-client';
import { useInvalidatingMutation } from '../../lib/cache-effect';
import { sessionStore } from '../../lib/session';
import { documentInvalidation } from './invalidation';

/**
 * POSTs files to `/api{path}` as multipart/form-data with the repeated field 'file' and
 * answers the server's upload answer; a refusal (415 type, 413 size, 403, …) throws its Spanish
 * message. Not through `api()`: that one sends JSON, and a FormData body needs the browser to write
 * its own multipart content type and boundary. Folder uploads and a client's answers to request
 * items both go through here, and so does a spreadsheet of companies to import (its answer as `T`,
 * its other `fields` sent before the files).
 */
export async function postFiles<T = UploadResponse>(
  path: string,
  files: File[],
  fields: Record<string, string> = {},
): Promise<T> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append('file', file, file.name);
  const token = sessionStore.get()?.token;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      body,
    });
  } catch {
    throw new ApiRequestError(0, 'No se pudo conectar con el servidor');
  }
  const data = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && token) sessionStore.clear();
    const error = (data ?? {}) as Partial<ApiError>;
    throw new ApiRequestError(response.status, error.message ?? documentsMsg.fileAddFailed, error.errors);
  }
  return data as T;
}

/** POST /api/business-folder/{businessFolderId}/file: staff into any folder, a client into one that allows it. */
export const uploadFiles = ({ businessFolderId, files }: { businessFolderId: number; files: File[] }) =>
  postFiles(`/business-folder/${businessFolderId}/file`, files);

export const useUploadFiles = () => useInvalidatingMutation(uploadFiles, () => documentInvalidation.filesChanged());
