import type { Period } from '@app/shared/period';

/** The staff's folder view of a company in a period: its top folders, or one folder. */
export function staffFolderPath(businessId: number, folderId: number | null, { year, month }: Period): string {
  const folder = folderId === null ? '' : `/carpeta/${folderId}`;
  return `/documentos/empresa/${businessId}${folder}?anio=${year}&mes=${month}`;
}

/** The client's folder route: folderId, year, month. */
export const clientFolderPath = (folderId: number, { year, month }: Period) =>
  `/carpeta/${folderId}/año/${year}/mes/${month}`;

/** The client's Home, on the given month. */
export const clientHomePath = ({ year, month }: Period) => `/?anio=${year}&mes=${month}`;
