import type { FolderTile } from '@app/shared/schemas/documents';

/** A tile's label: the folder name, then ' - ' and its service's name. */
export const folderLabel = (folder: FolderTile) =>
  folder.service.name ? `${folder.name} - ${folder.service.name}` : folder.name;
