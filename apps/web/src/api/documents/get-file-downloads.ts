import type { FileDownload } from '@app/shared/schemas/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { documentsQueryKey } from './get-folder-view';

export const fileDownloadsQueryKey = (fileId: number) => [...documentsQueryKey, 'downloads', fileId] as const;

/** GET /api/business-folder/file/{id}/downloads: who fetched the file, newest first. */
export const getFileDownloads = (fileId: number) =>
  api<{ rows: FileDownload[] }>(`/business-folder/file/${fileId}/downloads`);

/** Always asked again when opened: a client may have downloaded the file a moment ago. */
export const fileDownloadsQueryOptions = (fileId: number) =>
  queryOptions({ queryKey: fileDownloadsQueryKey(fileId), queryFn: () => getFileDownloads(fileId), staleTime: 0 });

export const useFileDownloads = (fileId: number) => useQuery(fileDownloadsQueryOptions(fileId));
