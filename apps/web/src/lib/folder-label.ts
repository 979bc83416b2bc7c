import type { FolderTile } from '@app/shared/schemas/documents';

/** A tile's label: the folder name, then ' - ' and its service's name (spec 1 §2.6, spec 2 "Documentos"). */
export const folderLabel = (folder: FolderTile) =>
  folder.service.name ? `${folder.name} - ${folder.service.name}` : folder.name;
