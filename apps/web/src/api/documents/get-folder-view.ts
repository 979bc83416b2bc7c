import type { Period } from '@app/shared/period';
import type { FolderView } from '@app/shared/schemas/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** Every documents query starts with this. */
export const documentsQueryKey = ['documents'] as const;

/** Every folder view (a company's top folders or one folder, of any period): uploads and deletes refresh them. */
export const folderViewsQueryKey = [...documentsQueryKey, 'folder-view'] as const;

export interface FolderViewArgs {
  businessId: number;
  /** The service's folder template; null for the company's top folders. */
  folderId: number | null;
  period: Period;
}

export const folderViewQueryKey = ({ businessId, folderId, period }: FolderViewArgs) =>
  [...folderViewsQueryKey, businessId, folderId, period.year, period.month] as const;

/** GET /api/business/{businessId}/folder[/{folderId}]/year/{year}/month/{month}: staff's and the client's folder view. */
export const getFolderView = ({ businessId, folderId, period }: FolderViewArgs) =>
  api<FolderView>(
    `/business/${businessId}/folder${folderId === null ? '' : `/${folderId}`}/year/${period.year}/month/${period.month}`,
  );

export const folderViewQueryOptions = (args: FolderViewArgs) =>
  queryOptions({ queryKey: folderViewQueryKey(args), queryFn: () => getFolderView(args) });

export const useFolderView = (args: FolderViewArgs, enabled = true) =>
  useQuery({ ...folderViewQueryOptions(args), enabled });
